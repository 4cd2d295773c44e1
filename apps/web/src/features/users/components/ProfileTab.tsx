import { NotificationsSection } from './NotificationsSection';
import { ProfileInfoSection } from './ProfileInfoSection';
import { PushSection } from './PushSection';
import { TimeZoneSection } from './TimeZoneSection';
import { UpdatePasswordSection } from './UpdatePasswordSection';

/**
 * Settings → Profile (product.md#screens): personal info, update password, time zone, notifications, browser alerts.
 * Each section is its own component.
 */
export function ProfileTab() {
  return (
    <>
      <ProfileInfoSection />
      <UpdatePasswordSection />
      <TimeZoneSection />
      <NotificationsSection />
      <PushSection />
    </>
  );
}
