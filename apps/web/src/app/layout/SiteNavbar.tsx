import { isAdmin } from '@roundup/shared/permissions';
import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link, NavLink } from 'react-router';
import { useAuth } from '../../lib/auth';
import { BrandMark } from './BrandMark';

/** Top navigation of product.md §2. */
export function SiteNavbar() {
  const { data: user, loading, logout } = useAuth();
  const [expanded, setExpanded] = useState(false);

  return (
    <Navbar
      expand="lg"
      collapseOnSelect
      expanded={expanded}
      onToggle={setExpanded}
      onSelect={() => setExpanded(false)}
      className="ru-navbar border-bottom bg-body"
      sticky="top"
      aria-label="Main"
    >
      <Container>
        <Navbar.Brand as={Link} to="/" className="d-flex align-items-center gap-2 fw-bold text-primary">
          <BrandMark />
          <span className="ru-brand-text">RoundUp</span>
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="ru-main-nav" aria-label="Toggle navigation" />
        <Navbar.Collapse id="ru-main-nav">
          {loading ? null : user ? (
            <Nav className="ms-auto align-items-lg-center gap-lg-1" as="ul">
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/quickstart" eventKey="/quickstart">
                  Quick Start
                </Nav.Link>
              </Nav.Item>
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/reverse-splits" eventKey="/reverse-splits">
                  Reverse Splits
                </Nav.Link>
              </Nav.Item>
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/learn" eventKey="/learn">
                  Learn
                </Nav.Link>
              </Nav.Item>
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/brokers" eventKey="/brokers">
                  Brokers
                </Nav.Link>
              </Nav.Item>
              {isAdmin(user.role) ? (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to="/admin" eventKey="/admin">
                    Admin
                  </Nav.Link>
                </Nav.Item>
              ) : null}
              <NavDropdown as="li" title={user.username} id="ru-user-menu" align="end" className="ru-user-menu">
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
                <NavDropdown.Item as="button" eventKey="logout" onClick={() => void logout()}>
                  Logout
                </NavDropdown.Item>
              </NavDropdown>
            </Nav>
          ) : (
            <Nav className="ms-auto align-items-lg-center gap-lg-1" as="ul">
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/learn" eventKey="/learn">
                  Learn
                </Nav.Link>
              </Nav.Item>
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/services" eventKey="/services">
                  Services
                </Nav.Link>
              </Nav.Item>
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/faq" eventKey="/faq">
                  FAQ
                </Nav.Link>
              </Nav.Item>
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/login" eventKey="/login">
                  Login
                </Nav.Link>
              </Nav.Item>
              <li className="nav-item ms-lg-2 mt-2 mt-lg-0">
                <Link to="/register" className="btn btn-primary px-3 ru-signup" onClick={() => setExpanded(false)}>
                  Sign Up
                </Link>
              </li>
            </Nav>
          )}
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
