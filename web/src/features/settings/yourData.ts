// The "Download my data" state (docs/protocol.md, "Your data (GDPR)"): the answer to
// account/export and the account/export/* events move it, in whatever order they arrive.

export type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; percent: number }
  | { kind: 'ready'; link: string; expiresAt: number }
  | { kind: 'failed' };

export type ExportAction =
  | { type: 'requested' }
  | { type: 'started'; percent: number }
  | { type: 'progress'; percent: number }
  | { type: 'ready'; link: string; expiresAt: number }
  | { type: 'failed' };

function clamp(percent: number): number {
  return Math.min(100, Math.max(0, Math.round(percent)));
}

export function exportReducer(state: ExportState, action: ExportAction): ExportState {
  switch (action.type) {
    case 'requested':
      return { kind: 'running', percent: 0 };
    case 'started':
    case 'progress': {
      // The reply can arrive after a progress event, or after the export is already ready:
      // progress never goes back, and a ready link stays.
      if (state.kind === 'ready' && action.type === 'started') return state;
      const before = state.kind === 'running' ? state.percent : 0;
      return { kind: 'running', percent: Math.max(before, clamp(action.percent)) };
    }
    case 'ready':
      return { kind: 'ready', link: action.link, expiresAt: action.expiresAt };
    case 'failed':
      return { kind: 'failed' };
  }
}
