import './lists.css';
interface LoadErrorProps {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  /** Less room above and below, for a failure inside a section or a pane. */
  inline?: boolean;
}

/** A load that failed: what went wrong, and a button to try again. */
export function LoadError({ message, retryLabel, onRetry, inline = false }: LoadErrorProps) {
  return (
    <div className={inline ? 'list-error list-error--inline' : 'list-error'} role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
