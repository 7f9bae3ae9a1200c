// The auth and settings features reach the app shell (socket client, app store, shared shell
// components) only through this module. Their tests replace it in one place, and a change to the
// shell's surface shows up here instead of in every page.
export { realtime } from '../../realtime';
export { useAppStore } from '../../app/store';
export { LanguagePicker } from '../shell/LanguagePicker';
export { BrandMark } from '../shell/BrandLogo';
export { Icon } from '../../ui/icons';
export type { IconName } from '../../ui/icons';
export { useLeaveAfterErasure, useLogout } from '../shell/useLogout';
