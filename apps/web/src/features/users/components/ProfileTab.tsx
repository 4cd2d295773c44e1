import { NotificationsSection } from './NotificationsSection';
import { ProfileInfoSection } from './ProfileInfoSection';
import { UpdatePasswordSection } from './UpdatePasswordSection';

/**
 * Settings → Profile (product.md §2): personal info, update password, notifications.
 * Each section is its own component.
 */
export function ProfileTab() {
  return (
    <>
      <ProfileInfoSection />
      <UpdatePasswordSection />
      <NotificationsSection />
    </>
  );
}
