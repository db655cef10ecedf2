import InstagramIcon from '@mui/icons-material/Instagram';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { ROLE_EMOJI, type TeamMember } from '../team.js';

export function MemberCard({ member }: { member: TeamMember }) {
  const { picture } = member;
  return (
    <Card
      variant="outlined"
      tabIndex={0}
      data-testid="team-member"
      sx={{
        borderRadius: 3,
        height: '100%',
        transition: 'transform .2s, box-shadow .2s',
        '&:hover, &:focus-within, &:focus-visible': { transform: 'translateY(-4px)', boxShadow: 6 },
        '&:hover .tags, &:focus-within .tags, &:focus-visible .tags': { opacity: 1 },
        '@media (hover: none)': { '& .tags': { opacity: 1 } },
      }}
    >
      <CardContent sx={{ textAlign: 'center' }}>
        <Box
          role="img"
          aria-label={`Picture of ${member.name}`}
          sx={{
            width: 96,
            height: 96,
            mx: 'auto',
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            position: 'relative',
            background: `linear-gradient(135deg, ${picture.from}, ${picture.to})`,
            color: '#fff',
            fontSize: 32,
            fontWeight: 700,
          }}
        >
          {picture.initials}
          <Box
            component="span"
            aria-label={member.role}
            role="img"
            sx={{
              position: 'absolute',
              right: -4,
              bottom: -4,
              fontSize: 24,
              bgcolor: 'background.paper',
              borderRadius: '50%',
              width: 36,
              height: 36,
              display: 'grid',
              placeItems: 'center',
              boxShadow: 2,
            }}
          >
            {ROLE_EMOJI[member.role]}
          </Box>
        </Box>
        <Typography variant="h6" component="h2" sx={{ mt: 2, fontWeight: 700 }}>
          {member.name}
        </Typography>
        <Typography color="primary" sx={{ fontWeight: 600 }}>
          {member.position}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic', my: 1.5 }}>
          “{member.quote}”
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          className="tags"
          sx={{ justifyContent: 'center', opacity: 0, transition: 'opacity .2s' }}
        >
          <Chip size="small" label="Pro" color="primary" />
          <Chip size="small" label="Coffee Lover" variant="outlined" />
        </Stack>
        {member.instagram && (
          <Button
            href={member.instagram}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<InstagramIcon />}
            size="small"
            sx={{ mt: 1.5 }}
          >
            Follow on Instagram
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
