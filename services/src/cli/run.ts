/** Runs a command-line tool's main: a failure prints its message (no stack) and exits 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
