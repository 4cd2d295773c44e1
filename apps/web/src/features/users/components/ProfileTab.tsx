import { NotificationsSection } from './NotificationsSection';
import { ProfileInfoSection } from './ProfileInfoSection';
import { PushSection } from './PushSection';
import { UpdatePasswordSection } from './UpdatePasswordSection';

/**
 * Settings → Profile (product.md §2): personal info, update password, notifications, browser alerts.
 * Each section is its own component.
 */
export function ProfileTab() {
  return (
    <>
      <ProfileInfoSection />
      <UpdatePasswordSection />
      <NotificationsSection />
      <PushSection />
    </>
  );
}
