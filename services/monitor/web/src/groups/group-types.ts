// Groups and tags as the API returns them: one declaration, shared with the service.

export { rollUp, rollUpAll, subtreeOf } from '../../../src/shared-types/group-rollup.js';
export type {
  GroupStatus,
  GroupView as Group,
  MemberStatus,
  MonitorTag,
  TagView as Tag,
} from '../../../src/shared-types/group-shapes.js';
export { matchesTag, parseTagFilter } from '../../../src/shared-types/tag-filter.js';
