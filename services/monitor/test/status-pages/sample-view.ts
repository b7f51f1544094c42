import type {
  PublicDay,
  PublicMonitor,
  PublicStatusPage,
} from '../../src/public-face/status-pages/public-view.js';

/** `n` UTC days ending at `today`, each with the uptime `pick(i)` gives (null: no data). */
export function daysEnding(
  today: string,
  n: number,
  pick: (i: number) => { uptime: number | null; maintenance?: boolean },
): PublicDay[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => {
    const date = new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const p = pick(i);
    return { date, uptime_percent: p.uptime, maintenance: p.maintenance ?? false };
  });
}

export function monitor(
  key: string,
  name: string,
  over: Partial<PublicMonitor> = {},
  days = 90,
): PublicMonitor {
  return {
    key,
    name,
    state: 'up',
    uptime_percent: 99.95,
    days: daysEnding('2026-11-24', days, () => ({ uptime: 100 })),
    ...over,
  };
}

/** A page as the view builder would hand it: two sections, an open and a resolved incident, maintenance. */
export function samplePage(over: Partial<PublicStatusPage> = {}): PublicStatusPage {
  return {
    slug: 'acme',
    title: 'Acme status',
    description: 'Services of Acme',
    footer: 'Questions: ask support',
    uptime_days: 90,
    overall: 'partial_outage',
    sections: [
      {
        name: 'Web',
        monitors: [
          monitor('s0-m0', 'Website', {
            days: daysEnding('2026-11-24', 90, (i) =>
              i < 10
                ? { uptime: null }
                : i === 50
                  ? { uptime: 100, maintenance: true }
                  : { uptime: i === 80 ? 97.5 : 100 },
            ),
          }),
          monitor('s0-m1', 'API', { state: 'down', uptime_percent: 98.123 }),
        ],
      },
      { name: 'Mail', monitors: [monitor('s1-m0', 'SMTP relay', { state: 'maintenance' })] },
    ],
    incidents: [
      {
        id: 41,
        affected: ['API'],
        status: 'open',
        started_at: '2026-11-24T00:05:00.000Z',
        resolved_at: null,
        updates: [
          { status: 'investigating', message: 'Looking into errors', at: '2026-11-24T00:06:00.000Z' },
          { status: 'identified', message: 'A bad deploy', at: '2026-11-24T00:20:00.000Z' },
        ],
        postmortem: null,
      },
      {
        id: 40,
        affected: ['Website'],
        status: 'resolved',
        started_at: '2026-11-22T10:00:00.000Z',
        resolved_at: '2026-11-22T11:00:00.000Z',
        updates: [{ status: 'resolved', message: 'Fixed', at: '2026-11-22T11:00:00.000Z' }],
        postmortem: 'Disk full on one node.',
      },
    ],
    maintenance: [
      {
        key: '7-2026-11-24T00:00:00.000Z',
        name: 'Mail server upgrade',
        starts_at: '2026-11-24T00:00:00.000Z',
        ends_at: '2026-11-24T02:00:00.000Z',
        active: true,
        affected: ['SMTP relay'],
      },
      {
        key: '8-2026-11-27T08:00:00.000Z',
        name: 'Database failover test',
        starts_at: '2026-11-27T08:00:00.000Z',
        ends_at: null,
        active: false,
        affected: ['Website', 'API'],
      },
    ],
    updated_at: '2026-11-24T00:30:00.000Z',
    ...over,
  };
}
