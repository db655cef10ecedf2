/** Each screen's name in the browser's title (WCAG 2.4.2: every page was 'Woxa Cafe'), by its address. */
const TITLES: [RegExp, string][] = [
  [/^\/login/, 'Login'],
  [/^\/create/, 'Create account'],
  [/^\/verify-email/, 'Confirm email'],
  [/^\/reset-password/, 'Reset password'],
  [/^\/unauthorized/, 'Unauthorized'],
  [/^\/team-credit/, 'Team'],
  [/^\/error/, 'Something went wrong'],
  [/^\/ready/, 'Ready to pick up'],
  [/^\/(order_bar|menubar)/, 'Bar menu'],
  [/^\/menuCafe/, 'Cafe menu'],
  [/^\/statusOrder/, 'My orders'],
  [/^\/ordered/, 'Home'],
  [/^\/form/, 'Order'],
  [/^\/close-all/, 'Closed'],
  [/^\/ordering/, 'Orders'],
  [/^\/history/, 'History'],
  [/^\/dashboard-service/, 'Service'],
  [/^\/dashboard/, 'Dashboard'],
  [/^\/(menuManagement|add-category|add-menu|edit-menu|edit-category)/, 'Menu Management'],
  [/^\/userManagement/, 'User Management'],
  [/^\/audit-log/, 'Audit log'],
];

export function pageTitle(pathname: string): string {
  const name = TITLES.find(([re]) => re.test(pathname))?.[1];
  return name ? `${name} · Woxa Cafe` : 'Woxa Cafe';
}
