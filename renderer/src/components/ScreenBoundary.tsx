/**
 * A screen that could not be drawn — its chunk not fetched (the browser host's link dropped, an
 * update replaced the files under a running window) or an error while drawing it — says so with a
 * way on, instead of React leaving the whole window blank: try again (the chunk is fetched anew:
 * renderer/src/app/later.tsx) or go back to today's schedule. The header and status bar stay.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  children: ReactNode;
  /** Another screen opened: what failed is forgotten. */
  screen: unknown;
  home: () => void;
  /** Told what failed (React reports it on the console too). */
  onError?: (error: Error) => void;
}

interface State {
  failed: boolean;
  /** Bumped by "try again": the screen's subtree is mounted anew, so a lazy screen fetches again. */
  attempt: number;
  screen: unknown;
}

export class ScreenBoundary extends Component<Props, State> {
  override state: State = { failed: false, attempt: 0, screen: this.props.screen };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.screen === state.screen ? null : { failed: false, screen: props.screen };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    this.props.onError?.(error);
  }

  private readonly retry = () => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }));

  override render() {
    if (this.state.failed) return <ScreenFailed retry={this.retry} home={this.props.home} />;
    return <ScreenAttempt key={this.state.attempt}>{this.props.children}</ScreenAttempt>;
  }
}

function ScreenAttempt({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

function ScreenFailed({ retry, home }: { retry: () => void; home: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="card" role="alert">
      <p>{t('common.screenFailed')}</p>
      <p className="actions">
        <button type="button" className="primary" onClick={retry}>
          {t('common.tryAgain')}
        </button>
        <button type="button" onClick={home}>
          {t('common.toDay')}
        </button>
      </p>
    </section>
  );
}
