import type { Role } from '@drinks/contracts';

// Every screen's address, in one place: routes.tsx declares its routes from these and every link and
// redirect builds its target with them, so a link cannot name a screen that does not exist.

/** Admins order through the same customer screens under '-admin' twins (customer-side.md). */
const twin = (role?: Role) => (role === 'admin' ? '-admin' : '');
const part = encodeURIComponent;
/**
 * A description as its form's address carries it. '.' and '..' are dot segments, which the browser resolves
 * away (/form-bar/Shot/{id}/.. is /form-bar/Shot), and no escape keeps them ('%2E' is a dot too): those go as
 * '-', the spec's 'no description'; the form shows and sends the description the menu has.
 */
const descriptionPart = (description: string) => {
  const trimmed = description.trim();
  return trimmed === '' || trimmed === '.' || trimmed === '..' ? '-' : part(trimmed);
};

export const paths = {
  landing: '/',
  login: '/login',
  create: '/create',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  unauthorized: '/unauthorized',
  teamCredit: '/team-credit',
  error: '/error',
  ready: '/ready',
  orderBar: '/order_bar',
  ordering: '/ordering',
  history: '/history',
  dashboardCafe: '/dashboard-cafe',
  dashboardBar: '/dashboard-bar',
  menuManagement: '/menuManagement',
  addCategory: '/add-category',
  dashboardAdmin: '/dashboard-admin',
  dashboardAdminBar: '/dashboard-admin-bar',
  userManagement: '/userManagement',
  userManagementBar: '/userManagement-bar',
  dashboardService: '/dashboard-service',
  auditLog: '/audit-log',
  categoryMenus: (name: string, id: string) => `/menuManagement/${part(name)}/${id}`,
  editMenu: (menuId: string) => `/edit-menu/${menuId}`,
  editCategory: (categoryId: string) => `/edit-category/${categoryId}`,
  addMenu: (categoryId: string) => `/add-menu/${categoryId}`,
  menuCafe: (role?: Role) => `/menuCafe${twin(role)}`,
  menuBar: (role?: Role) => `/menubar${twin(role)}`,
  statusOrder: (role?: Role) => `/statusOrder${twin(role)}`,
  statusOrderBar: (role?: Role) => `/statusOrder-bar${twin(role)}`,
  ordered: (role?: Role) => `/ordered${twin(role)}`,
  orderedBar: (role?: Role) => `/ordered-bar${twin(role)}`,
  closed: (role?: Role) => `/close-all${twin(role)}`,
  cafeForm: (role: Role | undefined, menuName: string, menuId: string) =>
    `/form${twin(role)}/${part(menuName)}/${part(menuId)}`,
  barForm: (role: Role | undefined, menuName: string, menuId: string, description: string) =>
    `/form-bar${twin(role)}/${part(menuName)}/${part(menuId)}/${descriptionPart(description)}`,
  /** What every order form's address starts with, cafe and bar. */
  formPrefixes: (role?: Role) => [`/form${twin(role)}/`, `/form-bar${twin(role)}/`],
} as const;

/** The same addresses as react-router route patterns (relative, parameters named). */
export const routePatterns = {
  categoryMenus: 'menuManagement/:categoryName/:categoryId',
  editMenu: 'edit-menu/:menuId',
  editCategory: 'edit-category/:categoryId',
  addMenu: 'add-menu/:categoryId',
  cafeForm: (role: 'user' | 'admin') => `form${twin(role)}/:menuName/:menuId`,
  barForm: (role: 'user' | 'admin') => `form-bar${twin(role)}/:menuName/:menuId/:description`,
} as const;

/** A path as a child route declares it: without its leading slash. */
export const relative = (path: string) => path.replace(/^\//, '');
