// Groups and tags as the API returns them: one declaration, shared with the service.
export type {
  GroupStatus,
  GroupView as Group,
  MemberStatus,
  MonitorTag,
  TagView as Tag,
} from '../../../src/groups/group-shapes.js';
export {
  matchesTag,
  parseTagFilter,
  rollUp,
  rollUpAll,
  subtreeOf,
} from '../../../src/groups/group-shapes.js';
