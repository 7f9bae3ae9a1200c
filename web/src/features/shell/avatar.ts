import type { User } from '../../realtime/protocol';

type Pictured = Pick<User, 'photos' | 'photo' | 'avatar'>;

/** The picture that stands for a user: first gallery photo, then the main photo, then avatar. */
export function photoOf(user: Pictured | null): string | null {
  if (!user) return null;
  return user.photos[0]?.photo || user.photo || user.avatar || null;
}

/** The same picture in its thumbnail size, for avatars and other small places. */
export function thumbOf(user: Pictured | null): string | null {
  if (!user) return null;
  return user.photos[0]?.thumb || photoOf(user);
}
