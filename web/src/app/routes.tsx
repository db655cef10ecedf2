import type { Role } from '@drinks/contracts';
import { isValidElement, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useNavigationType, useRoutes, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.js';
import { App } from './app.js';
import { AfterInit, RequireRole } from './guard.js';
import { Landing } from './landing.js';
import { ErrorPage } from './screens/error-page.js';
import { lazyComponent } from '../lib/lazy-component.js';
import { paths, relative, routePatterns } from '../lib/paths.js';
import { RouteAccessContext } from '../lib/route-access.js';
import { pageTitle } from './page-title.js';
import { useFocusOnNavigation } from './focus-on-navigation.js';

/**
 * A screen whose code loads on first use, with the loading screen meanwhile. Through lazyComponent, not
 * React.lazy: a screen whose code is in renders at once (React.lazy would suspend, and React then holds
 * content back 300 ms). The opening screen is preloaded with the session check.
 */
function lazyPage<P extends object>(load: () => Promise<Record<string, unknown>>, name: string) {
  const Screen = lazyComponent<P>(async () => (await load())[name] as ComponentType<P>);
  const Page = (props: P) => <Screen {...props} fallback={<LoadingScreen />} />;
  return Object.assign(Page, { preload: Screen.preload });
}

// Layouts too: /login needs none of them.
const CustomerLayout = lazyPage<{ variant: 'user' | 'admin'; tabBar?: boolean }>(
  () => import('./layouts/customer-layout.js'),
  'CustomerLayout',
);
const BaristaLayout = lazyPage(() => import('./layouts/barista-layout.js'), 'BaristaLayout');
const RoleLayout = lazyPage(() => import('./layouts/role-layout.js'), 'RoleLayout');
const OptionalLayout = lazyPage(() => import('./layouts/role-layout.js'), 'OptionalLayout');
const UnauthorizedPage = lazyPage(() => import('./screens/unauthorized-page.js'), 'UnauthorizedPage');
const FallbackScreen = lazyPage(() => import('./screens/unauthorized-page.js'), 'FallbackScreen');

// Every screen is a chunk of its own: a phone opening /login or /menuCafe loads only that screen.
const LoginPage = lazyPage(() => import('../features/auth/login-page.js'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/register-page.js'), 'RegisterPage');
const VerifyEmailPage = lazyPage(() => import('../features/auth/verify-email-page.js'), 'VerifyEmailPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page.js'), 'ResetPasswordPage');
const CafeMenuPage = lazyPage(() => import('../features/catalog/cafe-menu-page.js'), 'CafeMenuPage');
const BarMenuPage = lazyPage(() => import('../features/catalog/bar-menu-page.js'), 'BarMenuPage');
const OrderFormPage = lazyPage(() => import('../features/order-form/order-form-page.js'), 'OrderFormPage');
const BarFormPage = lazyPage(() => import('../features/order-form/bar-form-page.js'), 'BarFormPage');
const HomePage = lazyPage(() => import('./screens/home-page.js'), 'HomePage');
const OrdersPage = lazyPage(() => import('./screens/orders-page.js'), 'OrdersPage');
const OrderingPage = lazyPage(() => import('./screens/ordering-page.js'), 'OrderingPage');
const HistoryPage = lazyPage(() => import('../features/history/history-page.js'), 'HistoryPage');
const DashboardPage = lazyPage<{ area: 'cafe' | 'bar' }>(
  () => import('../features/dashboard/dashboard-page.js'),
  'DashboardPage',
);
const MenuManagementPage = lazyPage(() => import('../features/menu/menu-management-page.js'), 'MenuManagementPage');
const CategoryMenusPage = lazyPage(() => import('../features/menu/category-menus-page.js'), 'CategoryMenusPage');
const AddMenuPage = lazyPage(() => import('../features/menu/add-menu-page.js'), 'AddMenuPage');
const EditMenuPage = lazyPage(() => import('../features/menu/edit-menu-page.js'), 'EditMenuPage');
const AddCategoryPage = lazyPage(() => import('../features/menu/add-category-page.js'), 'AddCategoryPage');
const EditCategoryPage = lazyPage(() => import('../features/menu/edit-category-page.js'), 'EditCategoryPage');
const UserManagementPage = lazyPage(() => import('../features/users/user-management-page.js'), 'UserManagementPage');
const ClosedPage = lazyPage(() => import('./screens/closed-screen.js'), 'ClosedScreen');
const ServiceScreen = lazyPage(() => import('./screens/service-screen.js'), 'ServiceScreen');
const AuditLogPage = lazyPage(() => import('../features/audit/audit-log-page.js'), 'AuditLogPage');
const PickupScreenPage = lazyPage(() => import('../features/pickup-screen/pickup-screen-page.js'), 'PickupScreenPage');
const TeamCreditPage = lazyPage(() => import('../features/credits/team-credit-page.js'), 'TeamCreditPage');

// The screen the app opens on (and its layout) loads beside the session check instead of after it.
const OPENING_SCREENS: [RegExp, { preload(): Promise<unknown> }][] = [
  [/^\/login/, LoginPage],
  [/^\/create/, RegisterPage],
  [/^\/menuCafe/, CafeMenuPage],
  [/^\/(menubar|order_bar)/, BarMenuPage],
  [/^\/statusOrder/, OrdersPage],
  [/^\/ordered/, HomePage],
  [/^\/form-bar/, BarFormPage],
  [/^\/form(-admin)?\//, OrderFormPage],
  [/^\/ordering/, OrderingPage],
  [/^\/history/, HistoryPage],
  [/^\/dashboard-(cafe|bar|admin)/, DashboardPage],
  [/^\/menuManagement/, MenuManagementPage],
  [/^\/userManagement/, UserManagementPage],
  [/^\/close-all/, ClosedPage],
  [/^\/(menuCafe|menubar|statusOrder|ordered|form|close-all)/, CustomerLayout],
  [/^\/ordering/, BaristaLayout],
  [/^\/(history|dashboard-(cafe|bar)|menuManagement|edit-|add-)/, RoleLayout],
];
/** Loads the code of the screen at `pathname` and of its layout; resolves when both are in. */
export function preloadOpeningScreen(pathname: string): Promise<unknown> {
  return Promise.all(OPENING_SCREENS.filter(([path]) => path.test(pathname)).map(([, page]) => page.preload()));
}

const guarded = (allowed: readonly Role[] | 'any', element: ReactNode): ReactNode => (
  <RequireRole allowed={allowed}>{element}</RequireRole>
);

/** The user's pages and the admin's '-admin' twins (same screens, admin layout). */
function customerRoutes(role: 'user' | 'admin'): RouteObject[] {
  return [
    {
      element: guarded([role], <CustomerLayout variant={role} />),
      children: [
        { path: relative(paths.menuCafe(role)), element: <CafeMenuPage /> },
        { path: relative(paths.menuBar(role)), element: <BarMenuPage /> },
        { path: relative(paths.statusOrder(role)), element: <OrdersPage /> },
        { path: relative(paths.statusOrderBar(role)), element: <OrdersPage /> },
        { path: relative(paths.ordered(role)), element: <HomePage /> },
        { path: relative(paths.orderedBar(role)), element: <HomePage /> },
        { path: routePatterns.cafeForm(role), element: <OrderFormPage /> },
        { path: routePatterns.barForm(role), element: <BarFormPage /> },
      ],
    },
    {
      element: guarded([role], <CustomerLayout variant={role} tabBar={false} />),
      children: [{ path: relative(paths.closed(role)), element: <ClosedPage /> }],
    },
  ];
}

export const routes: RouteObject[] = [
  {
    element: <App />,
    children: [
      {
        children: [
          { path: paths.landing, element: <Landing /> },
          { path: relative(paths.login), element: <LoginPage /> },
          {
            path: relative(paths.create),
            element: (
              <AfterInit>
                <RegisterPage />
              </AfterInit>
            ),
          },
          {
            path: relative(paths.verifyEmail),
            element: (
              <AfterInit>
                <VerifyEmailPage />
              </AfterInit>
            ),
          },
          { path: relative(paths.resetPassword), element: <ResetPasswordPage /> },
          {
            path: relative(paths.unauthorized),
            element: (
              <AfterInit>
                <UnauthorizedPage />
              </AfterInit>
            ),
          },
          {
            path: relative(paths.teamCredit),
            element: (
              <AfterInit>
                <TeamCreditPage />
              </AfterInit>
            ),
          },
          { path: relative(paths.error), element: <ErrorPage /> },
          // Public and read-only: the API decides who may see it (a listed network or a view key).
          { path: relative(paths.ready), element: <PickupScreenPage /> },
          {
            element: (
              <AfterInit>
                <OptionalLayout />
              </AfterInit>
            ),
            children: [{ path: relative(paths.orderBar), element: <BarMenuPage /> }],
          },
          ...customerRoutes('user'),
          ...customerRoutes('admin'),
          {
            element: guarded(['barista'], <BaristaLayout />),
            children: [{ path: relative(paths.ordering), element: <OrderingPage /> }],
          },
          {
            element: guarded(['barista', 'admin'], <RoleLayout />),
            children: [
              { path: relative(paths.dashboardCafe), element: <DashboardPage area="cafe" /> },
              { path: relative(paths.dashboardBar), element: <DashboardPage area="bar" /> },
              { path: relative(paths.menuManagement), element: <MenuManagementPage /> },
              { path: routePatterns.categoryMenus, element: <CategoryMenusPage /> },
              { path: routePatterns.editMenu, element: <EditMenuPage /> },
              { path: routePatterns.editCategory, element: <EditCategoryPage /> },
              { path: routePatterns.addMenu, element: <AddMenuPage /> },
              { path: relative(paths.addCategory), element: <AddCategoryPage /> },
            ],
          },
          {
            element: guarded(['admin'], <CustomerLayout variant="admin" />),
            children: [
              { path: relative(paths.dashboardAdmin), element: <DashboardPage area="cafe" /> },
              { path: relative(paths.dashboardAdminBar), element: <DashboardPage area="bar" /> },
              { path: relative(paths.userManagement), element: <UserManagementPage /> },
              { path: relative(paths.userManagementBar), element: <UserManagementPage /> },
              { path: relative(paths.dashboardService), element: <ServiceScreen /> },
              { path: relative(paths.auditLog), element: <AuditLogPage /> },
            ],
          },
          {
            element: guarded('any', <RoleLayout />),
            children: [{ path: relative(paths.history), element: <HistoryPage /> }],
          },
          { path: '*', element: <FallbackScreen /> },
        ],
      },
    ],
  },
];

/**
 * Whether a person of `role` may open `pathname`: no guard on its way turns that role away. Where sign-in
 * returns to the place first asked for, a place of another role (a customer's link opened by a barista)
 * would greet them with 'Unauthorized'.
 */
function mayOpen(pathname: string, role: Role): boolean {
  return (matchRoutes(routes, pathname) ?? []).every(({ route }) => {
    const element = route.element;
    if (!isValidElement<{ allowed: readonly Role[] | 'any' }>(element) || element.type !== RequireRole) return true;
    return element.props.allowed === 'any' || element.props.allowed.includes(role);
  });
}

// Declarative routing (BrowserRouter): the data router's loaders, actions and fetchers, unused here, cost
// the first screen 16 KiB gzip. Errors are caught by RouteErrorBoundary instead of errorElement.
export function AppRoutes() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  // A screen opened anew starts at its top (the browser kept the last one's scroll: the status page opened
  // under its heading after a long order form); going back keeps where the person was.
  // Only when the address changes: a dialog kept as a step of the history (the Order Summary) pushes the
  // same address again, and the form behind it stays where it was.
  const scrolledFor = useRef(pathname);
  useEffect(() => {
    if (scrolledFor.current === pathname) return;
    scrolledFor.current = pathname;
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  useFocusOnNavigation(pathname);
  const screen = useRoutes(routes);
  return <RouteAccessContext.Provider value={mayOpen}>{screen}</RouteAccessContext.Provider>;
}
