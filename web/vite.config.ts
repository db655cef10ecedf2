import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The screens the app most often opens on, by the first segment of their path, and the modules each shows
 * first (its page and layout, as src/app/routes.tsx's OPENING_SCREENS loads them).
 */
const OPENING_SHELLS: Record<string, string[]> = {
  menuCafe: ['src/features/catalog/cafe-menu-page.tsx', 'src/app/layouts/customer-layout.tsx'],
  menubar: ['src/features/catalog/bar-menu-page.tsx', 'src/app/layouts/customer-layout.tsx'],
  statusOrder: ['src/app/screens/orders-page.tsx', 'src/app/layouts/customer-layout.tsx'],
  ordered: ['src/app/screens/home-page.tsx', 'src/app/layouts/customer-layout.tsx'],
  ordering: ['src/app/screens/ordering-page.tsx', 'src/app/layouts/barista-layout.tsx'],
};

/**
 * The app's HTML with <link rel=modulepreload> for every chunk its first screen runs, so the browser asks for
 * them all while it parses the page, instead of each level of imports after the one before has arrived
 * (Vite's own links, inserted by script, cost the main thread about 4 ms each: modulePreload is off).
 * - index.html: the entry's chunks;
 * - login.html: the welcome page instead of the loading screen (see index.html), painted before any script
 *   runs, and the login screen's chunks; the server sends it for /login;
 * - shells/<segment>.html: each of OPENING_SHELLS with its screen's chunks; the server sends it for paths
 *   under /<segment>.
 */
const openingShells = (): Plugin => ({
  name: 'opening-shells',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const index = bundle['index.html'];
    if (index?.type !== 'asset') return;
    const html = String(index.source);
    if (!html.includes('<html lang="en">')) this.error('index.html: no <html lang="en"> to mark');
    const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
    const entry = chunks.find((c) => c.isEntry);
    if (!entry) this.error('no entry chunk');
    /** The chunks holding `modules` and every chunk they import statically, the entry's excepted. */
    const closure = (modules: string[]): string[] => {
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
      };
      for (const m of modules) {
        const id = fileURLToPath(new URL(m, import.meta.url));
        const chunk = chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) this.error(`opening shells: no chunk holds ${m}`);
        visit(chunk.fileName);
      }
      entry.imports.forEach(visit);
      seen.delete(entry.fileName);
      return [...seen].sort();
    };
    const withPreloads = (source: string, files: string[]) =>
      source.replace(
        '</head>',
        `${files.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`).join('')}  </head>`,
      );
    index.source = withPreloads(html, closure([]));
    this.emitFile({
      type: 'asset',
      fileName: 'login.html',
      source: withPreloads(
        html.replace('<html lang="en">', '<html lang="en" data-screen="welcome">'),
        closure(['src/features/auth/login-page.tsx']),
      ),
    });
    for (const [segment, modules] of Object.entries(OPENING_SHELLS))
      this.emitFile({
        type: 'asset',
        fileName: `shells/${segment}.html`,
        source: withPreloads(html, closure(modules)),
      });
  },
});

/** A module under node_modules/<one of these>/. */
const packages = (...names: string[]) => new RegExp(`node_modules[\\\\/](${names.join('|')})[\\\\/]`);
const mui = (...components: string[]) => `@mui[\\\\/]material[\\\\/](${components.join('|')})`;

/**
 * Two chunks instead of the dozens of small shared ones the automatic split makes (one per set of
 * screens sharing a module: /login fetched 25 scripts, /menuCafe 57, the board 91). Fewer requests
 * over HTTP/1.1, and gzip compresses a whole chunk better than its pieces one by one.
 * - framework: what every first screen runs, /login included (React, the router, the query client,
 *   emotion, MUI's theme and the components the welcome and loading screens show);
 *   not workbox-window: the service worker registers after the page's load event and fetches it then;
 * - signed-in: the components of every signed-in screen's frame and lists, which /login does not load
 *   (the alert too: the welcome page's notice and the offline banner load it when first shown)
 *   (and isMuiElement, which the status page's cards use: otherwise it went into staff-forms with Select;
 *   and the stand-in for a list not answered yet, which the menus and several lists show);
 * - inputs: text fields, for /create and every form;
 * - dialogs: the dialog and what it stands on (the alert dialog, the closed notice's event popup);
 * - staff-forms: selects, menus and snackbars, which no customer's first screen shows (the order form and
 *   the staff screens do): the board fetched 54 scripts, 21 of them MUI pieces under 2 KiB; 35 now, and
 *   each script the app asks for costs the phone a <link rel=modulepreload> (about 6 ms each at 4x CPU).
 * A module named in none is split automatically as before; their dependencies come with them.
 */
const CHUNK_GROUPS = [
  {
    name: 'framework',
    test: packages(
      'react',
      'react-dom',
      'scheduler',
      'react-router',
      '@tanstack[\\\\/][^\\\\/]+',
      '@emotion[\\\\/][^\\\\/]+',
      'stylis',
      '@mui[\\\\/]private-theming',
      '@mui[\\\\/]system[\\\\/]ThemeProvider',
      mui('styles', 'CssBaseline', 'Button', 'ButtonBase', 'Typography', 'Paper', 'CircularProgress', 'SvgIcon'),
      mui('Box', 'Stack'),
    ),
  },
  {
    name: 'signed-in',
    test: new RegExp(
      packages(
        mui('AppBar', 'Toolbar', 'Tabs', 'Tab', 'BottomNavigation', 'BottomNavigationAction', 'Slide', 'useMediaQuery'),
        mui('List', 'ListItem', 'ListItemButton', 'ListItemText', 'Card', 'CardContent', 'Chip', 'Link'),
        mui('Alert', 'IconButton'),
      ).source +
        String.raw`|@mui[\/]material[\/]utils[\/]isMuiElement` +
        String.raw`|src[\/]components[\/]unanswered|src[\/]lib[\/]use-lasting-error`,
    ),
  },
  {
    name: 'inputs',
    test: packages(
      mui('FormControl', 'FormLabel', 'FormHelperText', 'InputLabel', 'InputBase', 'OutlinedInput', 'InputAdornment'),
    ),
  },
  {
    name: 'dialogs',
    test: packages(
      mui('Dialog', 'DialogTitle', 'DialogContent', 'DialogContentText', 'DialogActions'),
      mui('Modal', 'Backdrop', 'Fade', 'Portal'),
    ),
  },
  {
    name: 'staff-forms',
    test: packages(
      mui('TextField', 'FilledInput', 'Input', 'Select', 'NativeSelect', 'Menu', 'MenuList', 'MenuItem', 'Popover'),
      mui('Grow', 'Snackbar', 'SnackbarContent'),
    ),
  },
];

/**
 * Vite wraps every dynamic import() in its preload helper, which would first add <link rel=modulepreload>
 * for the chunk's imports; with modulePreload off each list is empty and the helper (about 1 KB gzip in
 * every first screen's entry chunk) only calls the import. lazyComponent retries a failed import itself.
 */
const bareDynamicImports = (): Plugin => ({
  name: 'bare-dynamic-imports',
  enforce: 'pre',
  load(id) {
    if (id === '\0vite/preload-helper.js') return 'export const __vitePreload = (load) => load();';
  },
});

export default defineConfig({
  plugins: [
    bareDynamicImports(),
    react(),
    openingShells(),
    // Precompressed beside each asset: the server (koa-static) sends the .br or .gz file as is
    // instead of compressing the same scripts again for every phone that opens the app.
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // public/manifest.webmanifest and its icons stay as they are; index.html links them.
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest,woff2}'],
        // The HEIC decoder is megabytes and only helps while ordering, which needs the network anyway.
        // The shells are index.html with links for a network fetch; offline, index.html serves every path.
        globIgnores: ['**/*heic*', 'shells/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  resolve: {
    alias: {
      '@drinks/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
      '@emotion/use-insertion-effect-with-fallbacks': fileURLToPath(
        new URL('src/lib/emotion-in-render.ts', import.meta.url),
      ),
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // No <link rel=modulepreload> inserted by script for each chunk a lazy screen imports: on a slow phone
    // each insertion cost about 4 ms of main thread, all inside the task that starts the app (222 ms for
    // the board's 53 chunks, 87-186 ms on the customer screens; profile-first-screen.ts). The browser finds
    // a chunk's imports when the chunk arrives: one more round trip, off the main thread. Lighthouse, 5 runs
    // each, same machine: /menuCafe 83 -> 91, /statusOrder TBT 825 -> 553 ms (mean).
    modulePreload: false,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
});
