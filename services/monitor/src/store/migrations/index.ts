import type { AppMigration } from '@app/kit';
import { identity } from './001-identity.js';
import { monitorsMigration } from './002-monitors.js';
import { operationsMigration } from './010-operations.js';
import { incidents } from './020-incidents.js';
import { rollups } from './021-rollups.js';
import { tokenGeneration } from './031-token-generation.js';
import { monitorSecrets } from './032-monitor-secrets.js';
import { streamTickets } from './033-stream-tickets.js';
import { statusPages } from './040-status-pages.js';
import { statusSubscribers } from './042-status-subscribers.js';
import { monitorTlsDays } from './043-monitor-tls-days.js';
import { checkTypes } from './050-check-types.js';
import { twoFactor } from './051-two-factor.js';
import { sessions } from './052-sessions.js';
import { oidc } from './053-oidc.js';
import { groupsTags } from './060-groups-tags.js';
import { dependenciesConditions } from './061-dependencies-conditions.js';
import { escalationTemplates } from './062-escalation-templates.js';
import { locationsMigration } from './063-locations.js';
import { streamTicketSession } from './064-stream-ticket-session.js';
import { monitorQuerySecrets } from './065-monitor-query-secrets.js';
import { configKeys } from './070-config-keys.js';
import { journeys } from './080-journeys.js';
import { locationUnsupportedTypes } from './081-location-unsupported-types.js';
import { oncallSchedules } from './090-oncall-schedules.js';
import { contactMethods } from './091-contact-methods.js';
import { ackLinks } from './092-ack-links.js';
import { floodGuard } from './093-flood-guard.js';
import { quietHours } from './094-quiet-hours.js';
import { slaReports } from './100-sla-reports.js';
import { configKinds } from './101-config-kinds.js';
import { probeResultDetails } from './105-probe-result-details.js';

/**
 * Applied in name order at every start; never edit a released migration, add a new one. Some
 * need the key that encrypts secrets at rest (DerivedKeys.encryption), asked for only when they run.
 */
export const migrationsWith = (encryptionKey: () => Buffer): Record<string, AppMigration> => ({
  '001-identity': identity,
  '002-monitors': monitorsMigration,
  '010-operations': operationsMigration,
  '020-incidents': incidents,
  '021-rollups': rollups,
  '031-token-generation': tokenGeneration,
  '032-monitor-secrets': monitorSecrets(encryptionKey),
  '033-stream-tickets': streamTickets,
  '040-status-pages': statusPages,
  '042-status-subscribers': statusSubscribers,
  '043-monitor-tls-days': monitorTlsDays,
  '050-check-types': checkTypes,
  '051-two-factor': twoFactor,
  '052-sessions': sessions,
  '053-oidc': oidc,
  '060-groups-tags': groupsTags,
  '061-dependencies-conditions': dependenciesConditions,
  '062-escalation-templates': escalationTemplates,
  '063-locations': locationsMigration,
  '064-stream-ticket-session': streamTicketSession,
  '065-monitor-query-secrets': monitorQuerySecrets(encryptionKey),
  '070-config-keys': configKeys,
  '080-journeys': journeys,
  '081-location-unsupported-types': locationUnsupportedTypes,
  '090-oncall-schedules': oncallSchedules,
  '091-contact-methods': contactMethods,
  '092-ack-links': ackLinks,
  '093-flood-guard': floodGuard,
  '094-quiet-hours': quietHours,
  '100-sla-reports': slaReports,
  '101-config-kinds': configKinds,
  '105-probe-result-details': probeResultDetails,
});
