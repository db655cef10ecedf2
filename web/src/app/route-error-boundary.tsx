import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorPage } from './screens/error-page.js';

interface State {
  error: boolean;
  /** The path the error happened on: another path shows its screen again. */
  at: string | null;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, State> {
  override state: State = { error: false, at: null };

  static getDerivedStateFromError(): Partial<State> {
    return { error: true, at: null };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: State): Partial<State> | null {
    if (!state.error) return null;
    if (state.at === null) return { at: props.pathname };
    return state.at === props.pathname ? null : { error: false, at: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorPage /> : this.props.children;
  }
}

/** The error screen instead of whatever below it failed to render (a screen, a chunk that did not load). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary pathname={useLocation().pathname}>{children}</Boundary>;
}
