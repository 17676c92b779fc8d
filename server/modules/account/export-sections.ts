import { activitiesExportSection } from '../activities/export-section';
import { associatesExportSection } from '../associates/export-section';
import { liveExportSection } from '../live/export-section';
import {
  eventAttendanceExportSection,
  eventCohostInvitationsExportSection,
  eventInterestsExportSection,
  eventsExportSection,
} from '../events/export-section';
import { feedsExportSection } from '../feeds/export-section';
import { gearExportSection } from '../gear/export-section';
import { routesExportSection } from '../map-routes/export-section';
import { notificationsExportSection, notificationSettingsExportSection } from '../notifications/export-section';
import { blocksAndMutesExportSection } from '../moderation/export-section';
import { reportsExportSection } from '../reports/export-section';
import { followsExportSection } from '../social/export-section';
import { reactionsAndCommentsExportSection } from '../subjects/export-section';
import {
  contactMessagesExportSection,
  emailChangesExportSection,
  profileExportSection,
  sessionsExportSection,
  uploadsExportSection,
} from './core-export-sections';
import { checkExportSections } from './export-registry';

/**
 * Every section of the member's data export, in the order `switchback-export.json` lists them. An area that stores
 * something about a member exports its section beside its routes (see ExportSection) and adds it here; keep the
 * order, members and tests read the file.
 */
export const exportSections = checkExportSections([
  profileExportSection,
  sessionsExportSection,
  emailChangesExportSection,
  uploadsExportSection,
  contactMessagesExportSection,
  eventsExportSection,
  eventCohostInvitationsExportSection,
  eventAttendanceExportSection,
  eventInterestsExportSection,
  feedsExportSection,
  reactionsAndCommentsExportSection,
  routesExportSection,
  activitiesExportSection,
  gearExportSection,
  associatesExportSection,
  liveExportSection,
  notificationsExportSection,
  notificationSettingsExportSection,
  followsExportSection,
  blocksAndMutesExportSection,
  reportsExportSection,
]);
