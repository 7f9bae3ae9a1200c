export { realtime } from './instance';
export { useRealtimeStatus } from './hooks';
export {
  RealtimeClient,
  RealtimeError,
  type ConnectionStatus,
  type MessageFor,
  type RealtimeOptions,
  type RealtimeSnapshot,
  type RequestOptions,
  type SessionEvent,
  type SocketLike,
  type Timers,
} from './client';
