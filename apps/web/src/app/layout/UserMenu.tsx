import { Link } from 'react-router';
import NavDropdown from 'react-bootstrap/NavDropdown';

/**
 * The signed-in member's dropdown (product.md#screens). Its own chunk: the dropdown and its positioning
 * library are for members only, so the public pages' JavaScript does not carry them. `openAtOnce`: the
 * member clicked their username while this chunk was loading, so it opens as it appears.
 */
export function UserMenu({
  username,
  onLogout,
  openAtOnce = false,
}: {
  username: string;
  onLogout: () => void;
  openAtOnce?: boolean;
}) {
  return (
    // align lg-end, not end: below lg the menu is static inside the phone menu's scrolling sheet (Bootstrap's
    // data-bs-popper="static"), where a Popper-placed menu was clipped to a thin line; from lg it opens under
    // the username, right-aligned.
    <NavDropdown
      as="li"
      title={username}
      id="ru-user-menu"
      align={{ lg: 'end' }}
      className="ru-user-menu"
      defaultShow={openAtOnce}
    >
      <NavDropdown.Item as={Link} to="/settings" eventKey="/settings">
        Profile
      </NavDropdown.Item>
      <NavDropdown.Item as={Link} to="/settings/accounts" eventKey="/settings/accounts">
        Accounts
      </NavDropdown.Item>
      <NavDropdown.Item as={Link} to="/settings/analytics" eventKey="/settings/analytics">
        Analytics
      </NavDropdown.Item>
      <NavDropdown.Item as={Link} to="/settings/affiliate" eventKey="/settings/affiliate">
        Affiliate
      </NavDropdown.Item>
      <NavDropdown.Item as={Link} to="/settings/subscription" eventKey="/settings/subscription">
        Subscription
      </NavDropdown.Item>
      <NavDropdown.Divider />
      <NavDropdown.Item as="button" eventKey="logout" onClick={onLogout}>
        Logout
      </NavDropdown.Item>
    </NavDropdown>
  );
}
