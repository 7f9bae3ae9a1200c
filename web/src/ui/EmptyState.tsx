import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';
import './EmptyState.css';

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
    <div className="empty-state" data-testid={testId}>
      <span className="empty-state__art" aria-hidden="true">
        <span className="empty-state__halo" />
        <Icon name={icon} size={40} strokeWidth={1.6} />
      </span>
      <p className="empty-state__title">{title}</p>
      {body ? <p className="muted empty-state__body">{body}</p> : null}
      {action}
    </div>
  );
}
