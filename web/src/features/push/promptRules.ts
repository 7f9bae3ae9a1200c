// Spec §2: the request-permission prompt shows only when credits are 0, the device is not
// subscribed and not skipped, on iOS or Android. On iOS the installed app (standalone) gets the
// subscribe variant and the browser the add-to-home variant (Safari has no push outside the home
// screen app); Android gets the subscribe variant.
import type { DeviceOs } from './platform';

export type PromptVariant = 'subscribe' | 'add-to-home';

export interface PromptFacts {
  /** The member's balance; null while unknown (not signed in yet). */
  credits: number | null;
  os: DeviceOs;
  standalone: boolean;
  /** The device holds a push subscription and may show notifications; null while unknown. */
  subscribed: boolean | null;
  /** The push-skip cookie is set. */
  skipped: boolean;
  /** Notification.permission; 'denied' cannot be asked again, so there is nothing to offer. */
  permission: NotificationPermission | 'unsupported';
  /** The browser can subscribe here (false on iOS outside the home screen app). */
  pushSupported: boolean;
}

export function pushPrompt(facts: PromptFacts): PromptVariant | null {
  if (facts.credits !== 0 || facts.skipped || facts.subscribed !== false) return null;
  if (facts.os === 'ios' && !facts.standalone) return 'add-to-home';
  if (facts.os !== 'ios' && facts.os !== 'android') return null;
  if (!facts.pushSupported || facts.permission === 'denied') return null;
  return 'subscribe';
}
