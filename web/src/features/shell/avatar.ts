import type { User } from '../../realtime/protocol';

/** The picture that stands for a user: first gallery photo, then the main photo, then avatar. */
export function photoOf(user: Pick<User, 'photos' | 'photo' | 'avatar'> | null): string | null {
  if (!user) return null;
  return user.photos[0]?.photo || user.photo || user.avatar || null;
}
