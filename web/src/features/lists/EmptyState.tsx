import type { ReactNode } from 'react';
import { Icon, type IconName } from '../shell/icons';

interface EmptyStateProps {
  icon: IconName;
  title: string;
  body?: string;
  action?: ReactNode;
  testId?: string;
}

/** A friendly, centred "nothing here yet" with an optional way forward. */
export function EmptyState({ icon, title, body, action, testId }: EmptyStateProps) {
  return (
    <div className="list-empty" data-testid={testId}>
      <span className="list-empty__art" aria-hidden="true">
        <span className="list-empty__halo" />
        <Icon name={icon} size={40} strokeWidth={1.6} />
      </span>
      <p className="list-empty__title">{title}</p>
      {body ? <p className="muted list-empty__body">{body}</p> : null}
      {action}
    </div>
  );
}
