// "typing…" with three bouncing dots: in the chat header in place of the partner's presence, and
// on a contact's row in place of the last message. The dots are decoration; the text says it.
import { useTranslation } from 'react-i18next';

export function TypingIndicator({ className, testId }: { className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={className ? `typing-indicator ${className}` : 'typing-indicator'}
      data-testid={testId}
    >
      <span className="typing-indicator__dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="typing-indicator__text">{t('chat.typing.label')}</span>
    </span>
  );
}
