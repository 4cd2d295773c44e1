/** The admin shell (side navigation + <Outlet/>); see components/AdminLayout.tsx. */
export { AdminLayout, ADMIN_SECTIONS } from './components/AdminLayout';
