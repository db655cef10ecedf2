export type TeamRole = 'Investor' | 'Backend Dev' | 'QA Engineer' | 'DevOps' | 'Frontend Dev';

export interface TeamMember {
  id: number;
  name: string;
  /** Generated: initials on the member's colour. */
  picture: { initials: string; from: string; to: string };
  position: string;
  quote: string;
  role: TeamRole;
  instagram?: string;
}

export const ROLE_EMOJI: Record<TeamRole, string> = {
  Investor: '💼',
  'Backend Dev': '⚙️',
  'QA Engineer': '🔍',
  DevOps: '🚀',
  'Frontend Dev': '🎨',
};

export const TEAM: readonly TeamMember[] = [
  {
    id: 1,
    name: 'Somchai Prasert',
    picture: { initials: 'SP', from: '#6d4c41', to: '#a1887f' },
    position: 'Investor',
    role: 'Investor',
    quote: 'Good coffee is the best investment.',
    instagram: 'https://www.instagram.com/',
  },
  {
    id: 2,
    name: 'Nattaya Wong',
    picture: { initials: 'NW', from: '#5e35b1', to: '#9575cd' },
    position: 'Investor',
    role: 'Investor',
    quote: 'Every great idea starts with a latte.',
  },
  {
    id: 3,
    name: 'Krit Chaiyaporn',
    picture: { initials: 'KC', from: '#00695c', to: '#4db6ac' },
    position: 'Backend Developer',
    role: 'Backend Dev',
    quote: 'Events in, projections out.',
    instagram: 'https://www.instagram.com/',
  },
  {
    id: 4,
    name: 'Pim Suksawat',
    picture: { initials: 'PS', from: '#c62828', to: '#ef9a9a' },
    position: 'QA Engineer',
    role: 'QA Engineer',
    quote: 'If it is not tested, it is brewing trouble.',
  },
  {
    id: 5,
    name: 'Arthit Kaewmanee',
    picture: { initials: 'AK', from: '#1565c0', to: '#64b5f6' },
    position: 'DevOps Engineer',
    role: 'DevOps',
    quote: 'Deploy on Friday? Only after the bar opens.',
  },
  {
    id: 6,
    name: 'Mali Rattanakorn',
    picture: { initials: 'MR', from: '#ad1457', to: '#f48fb1' },
    position: 'Frontend Developer',
    role: 'Frontend Dev',
    quote: 'Pixels, padding and a flat white.',
    instagram: 'https://www.instagram.com/',
  },
];

export const SOCIALS: readonly { name: string; handle: string; url: string }[] = [
  { name: 'Instagram', handle: '@woxa.cafe', url: 'https://www.instagram.com/' },
  { name: 'Facebook', handle: 'Woxa Cafe & Bar', url: 'https://www.facebook.com/' },
  { name: 'LinkedIn', handle: 'Woxa Tech', url: 'https://www.linkedin.com/' },
];
