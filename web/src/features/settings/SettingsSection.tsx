import type { ReactNode } from 'react';

interface SettingsSectionProps {
  /** Names the heading's id, settings-<name>-title, which labels the section. */
  name: string;
  title: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** One card of the settings page, with its heading. */
export function SettingsSection({
  name,
  title,
  className,
  testId,
  children,
}: SettingsSectionProps) {
  const titleId = `settings-${name}-title`;
  return (
    <section
      className={className ? `settings-section card ${className}` : 'settings-section card'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <h2 id={titleId} className="settings-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
