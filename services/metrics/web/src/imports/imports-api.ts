import type { CodeHealthView } from '../../../src/shared-types/code-health-shape.js';
import { api } from '../api/client.js';

export type { CodeHealthView };

/** The run's code health: the import graph's edges, cycles and contracts among it. */
export const loadCodeHealth = (id: number) => api<CodeHealthView>(`/api/analyses/${id}/code-health`);
