import type { Group, Tag } from './group-types.js';

/** The dashboard's group, tag and layout filters; their values live in the URL like the others. */
export function GroupTagFilters(props: {
  groups: Group[];
  tags: Tag[];
  group: string;
  tag: string;
  layout: 'groups' | 'flat';
  setFilter(key: string, value: string): void;
}) {
  const { groups, tags, group, tag, setFilter } = props;
  // A filter with a value (`env:prod`, from a chip) is an option of its own.
  const tagOptions = tags.map((t) => t.name);
  if (tag && !tagOptions.includes(tag)) tagOptions.unshift(tag);
  return (
    <>
      {groups.length > 0 && (
        <label>
          <select aria-label="Group" value={group} onChange={(e) => setFilter('group', e.target.value)}>
            <option value="">Any group</option>
            <option value="none">No group</option>
            {groups.map((g) => (
              <option key={g.id} value={String(g.id)}>
                {g.path.join(' / ')}
              </option>
            ))}
          </select>
        </label>
      )}
      {tagOptions.length > 0 && (
        <label>
          <select aria-label="Tag" value={tag} onChange={(e) => setFilter('tag', e.target.value)}>
            <option value="">Any tag</option>
            {tagOptions.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      )}
      {groups.length > 0 && (
        <label>
          <select
            aria-label="Layout"
            value={props.layout}
            onChange={(e) => setFilter('layout', e.target.value === 'flat' ? 'flat' : '')}
          >
            <option value="groups">Sections by group</option>
            <option value="flat">Flat list</option>
          </select>
        </label>
      )}
    </>
  );
}
