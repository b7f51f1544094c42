import type { Monitor } from '../api/types.js';
import { Link } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import type { Group } from './group-types.js';
import { TagChips } from './tag-chips.js';

/** The monitor page's group (its path, linking to the dashboard filtered by it) and tags. */
export function MembershipFacts({ monitor }: { monitor: Monitor }) {
  const groupId = monitor.group_id ?? null;
  const groups = useApi<Group[]>(groupId === null ? null : '/api/groups');
  const group = groups.data?.find((g) => g.id === groupId);
  return (
    <>
      {groupId !== null && (
        <>
          <dt>Group</dt>
          <dd>
            <Link to={`/?group=${groupId}`}>{group ? group.path.join(' / ') : `#${groupId}`}</Link>
          </dd>
        </>
      )}
      {monitor.tags && monitor.tags.length > 0 && (
        <>
          <dt>Tags</dt>
          <dd>
            <TagChips tags={monitor.tags} />
          </dd>
        </>
      )}
    </>
  );
}
