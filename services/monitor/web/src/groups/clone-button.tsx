import { useState } from 'react';
import { api } from '../api/client.js';
import { messageOf } from '../api/problem.js';
import type { Monitor } from '../api/types.js';
import { navigate } from '../lib/router.js';
import { liveStore } from '../monitors/live-store.js';

/** Copies the monitor (POST /api/monitors/{id}/clone) and opens the copy. */
export function CloneButton({ id, onError }: { id: number; onError(message: string): void }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const copy = await api<Monitor>(`/api/monitors/${id}/clone`, { method: 'POST' });
          liveStore.upsert(copy);
          navigate(`/monitors/${copy.id}`);
        } catch (e) {
          onError(messageOf(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      Clone
    </button>
  );
}
