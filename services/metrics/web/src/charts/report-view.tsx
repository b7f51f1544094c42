import { useState } from 'react';
import { reportPdfUrl, shareCardUrl } from '../api/client.js';
import type { Analysis } from '../api/types.js';

/** The server-rendered PDF report and the 1200×630 share card. */
export function ReportView({ analysis }: { analysis: Analysis }) {
  const card = shareCardUrl(analysis.id);
  const absolute = new URL(card, location.origin).href;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absolute);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <section className="card" aria-labelledby="pdf-title" data-view="report">
        <h2 id="pdf-title">PDF report</h2>
        <p className="muted">
          Key figures, rank distribution, heatmap, hotspots and the worst files, rendered by the server.
        </p>
        <a className="button primary" href={reportPdfUrl(analysis.id)} download>
          ⤓ Download the PDF report
        </a>
      </section>
      <section className="card" aria-labelledby="card-title">
        <h2 id="card-title">Share card</h2>
        <img
          className="share-card"
          src={card}
          alt={`Share card of ${analysis.repo_url}`}
          width={600}
          height={315}
        />
        <div className="buttons">
          <a className="button" href={card} download>
            ⤓ Download the PNG
          </a>
          <label className="grow">
            <span className="sr-only">Link to the share card</span>
            <input
              readOnly
              value={absolute}
              aria-label="Link to the share card"
              onFocus={(e) => e.currentTarget.select()}
            />
          </label>
          <button type="button" onClick={copy}>
            {copied ? 'Copied' : 'Copy link'}
          </button>
        </div>
      </section>
    </>
  );
}
