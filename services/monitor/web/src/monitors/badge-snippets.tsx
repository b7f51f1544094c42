import { CopyButton } from '../components/copy-button.js';

const BADGES = [
  { path: 'status.svg', alt: 'status', title: 'Status' },
  { path: 'uptime.svg?window=30d', alt: 'uptime 30d', title: 'Uptime (24h, 7d, 30d or 90d)' },
  { path: 'response-time.svg', alt: 'response time', title: 'Response time' },
  { path: 'certificate.svg', alt: 'certificate', title: 'Certificate days left' },
];

/** Markdown for a README, one per badge, each with its live preview and a copy button. */
export function BadgeSnippets({
  monitorId,
  readsCertificate,
}: {
  monitorId: number;
  readsCertificate: boolean;
}) {
  const base = `${location.origin}/api/badges/${monitorId}`;
  const shown = readsCertificate ? BADGES : BADGES.filter((b) => b.path !== 'certificate.svg');
  return (
    <section className="card badges" aria-label="Badges">
      <h2>Badges</h2>
      <p className="muted small">
        Public, cached for a minute by README proxies. Rename with <code>?label=</code>.
      </p>
      <ul className="plain badge-list">
        {shown.map((b) => {
          const markdown = `![${b.alt}](${base}/${b.path})`;
          return (
            <li key={b.path}>
              <span className="badge-title">{b.title}</span>
              <img src={`${base}/${b.path}`} alt={b.alt} />
              <code className="break" data-testid="badge-markdown">
                {markdown}
              </code>
              <CopyButton text={markdown} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
