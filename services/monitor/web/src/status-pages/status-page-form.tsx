import { type FormEvent, useState } from 'react';
import { api } from '../api/client.js';
import { ApiError, messageOf } from '../api/problem.js';
import type { Monitor, StatusPage, StatusPageInput, StatusPageSection, UptimeDays } from '../api/types.js';
import { CheckField, Field } from '../components/field.js';
import { ManagedEditWarning } from '../components/managed-badge.js';
import { Notice } from '../components/notice.js';
import { SectionsEditor } from './sections-editor.js';

const WINDOWS: UptimeDays[] = [30, 60, 90, 365];

/** Suggests a slug from a title: lower case, dashes for everything else. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

/** Creates or replaces a status page. */
export function StatusPageForm({
  page,
  monitors,
  onSaved,
  onCancel,
}: {
  page: StatusPage | null;
  monitors: Monitor[];
  onSaved(): void;
  onCancel(): void;
}) {
  const [title, setTitle] = useState(page?.title ?? '');
  const [slug, setSlug] = useState(page?.slug ?? '');
  // A new page's slug follows its title until it is edited by hand.
  const [slugTouched, setSlugTouched] = useState(page !== null);
  const [description, setDescription] = useState(page?.description ?? '');
  const [footer, setFooter] = useState(page?.footer ?? '');
  const [days, setDays] = useState<UptimeDays>(page?.uptime_days ?? 90);
  const [isPublic, setIsPublic] = useState(page?.is_public ?? false);
  const [sections, setSections] = useState<StatusPageSection[]>(
    page?.sections ?? [{ name: 'Services', monitor_ids: [] }],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    const body: StatusPageInput = {
      slug,
      title,
      description: description.trim() === '' ? null : description,
      footer: footer.trim() === '' ? null : footer,
      sections,
      uptime_days: days,
      is_public: isPublic,
    };
    try {
      await api(page ? `/api/status-pages/${page.id}` : '/api/status-pages', {
        method: page ? 'PUT' : 'POST',
        body,
      });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) {
        setErrors(err.fieldMessages());
        setError('Please correct the marked fields.');
      } else setError(messageOf(err));
    }
  };

  const label = page ? `Edit ${page.title}` : 'New status page';
  return (
    <form className="card" onSubmit={submit} noValidate aria-label={label}>
      <h2>{label}</h2>
      <ManagedEditWarning configKey={page?.config_key} what="status page" />
      {error && <Notice kind="error">{error}</Notice>}
      <div className="grid2">
        <Field label="Title" error={errors.title}>
          <input
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              if (!slugTouched) setSlug(slugOf(e.target.value));
            }}
            required
          />
        </Field>
        <Field label="Slug" hint={`Public address: /status/${slug || '…'}`} error={errors.slug}>
          <input
            value={slug}
            onChange={(e) => {
              setSlug(e.target.value);
              setSlugTouched(true);
            }}
            pattern="[a-z0-9\-]{1,64}"
            required
          />
        </Field>
      </div>
      <Field label="Description" hint="Shown under the title (optional)" error={errors.description}>
        <textarea value={description} rows={2} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field label="Footer" hint="Shown at the bottom of the page (optional)" error={errors.footer}>
        <textarea value={footer} rows={2} onChange={(e) => setFooter(e.target.value)} />
      </Field>
      <div className="grid2">
        <Field label="Uptime window" error={errors.uptime_days}>
          <select value={days} onChange={(e) => setDays(Number(e.target.value) as UptimeDays)}>
            {WINDOWS.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </Field>
        <CheckField
          label="Public (anyone with the address can see it)"
          checked={isPublic}
          onChange={setIsPublic}
        />
      </div>
      <SectionsEditor sections={sections} monitors={monitors} errors={errors} onChange={setSections} />
      <div className="form-actions">
        <button type="submit" className="primary">
          {page ? 'Save page' : 'Create page'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
