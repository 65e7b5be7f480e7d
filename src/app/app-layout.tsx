import { Box, Flex, SkipNavLink } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, type Location } from 'react-router-dom';

import type { SessionFacts } from '../../machines/access';
import { Footer } from '../components/layout/footer';
import { NavBar, type NavBarSession } from '../components/layout/nav-bar';
import { PageSpinner } from '../components/page-spinner';
import { REACHABILITY_EVENT } from '../data/reachability-event';
import { useSession } from '../session/session-context';
import { accountSettingsPathFor, navItems } from '../routes/routes';
import { PAGE_CONTENT_ATTRIBUTE, SkipTargetContext } from './skip-target';

export const MAIN_CONTENT_ID = 'main-content';

// The app's one live inbox channel (decision 049): loaded only once someone with an inbox is signed in.
const InboxLive = lazy(() => import('../data/inbox/inbox-live'));
type ReachabilityLiveComponent = ComponentType;
let reachabilityLive: ReachabilityLiveComponent | null = null;
let reachabilityLiveLoading: Promise<ReachabilityLiveComponent> | null = null;

/** Loads the banner's chunk once; a failed load (offline, a deploy in between) is forgotten so the next attempt fetches again. */
function loadReachabilityLive(): Promise<ReachabilityLiveComponent> {
  reachabilityLiveLoading ??= import('../components/layout/reachability-live').then(
    (module) => (reachabilityLive = module.default),
    (error: unknown) => {
      reachabilityLiveLoading = null;
      throw error;
    },
  );
  return reachabilityLiveLoading;
}

/**
 * "Accord can't be reached" (issue 28), kept off the first load: its chunk is
 * fetched when the browser is idle after the page, because the moment it is
 * needed is the moment it may not be fetchable (the browser offline). Until it
 * has arrived, a change of reachability or the connection coming back tries
 * again; a chunk that cannot arrive leaves the page as it is (React.lazy would
 * throw into the route's error page instead, and never try again).
 */
function useReachabilityLive(): ReachabilityLiveComponent | null {
  const [live, setLive] = useState<ReachabilityLiveComponent | null>(() => reachabilityLive);
  useEffect(() => {
    if (live) return;
    let active = true;
    const load = () => {
      loadReachabilityLive().then(
        (component) => {
          if (active) setLive(() => component);
        },
        () => undefined,
      );
    };
    const idle = window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 3000 }) : window.setTimeout(load, 1000);
    const retryOn = [REACHABILITY_EVENT, 'offline', 'online'];
    for (const event of retryOn) window.addEventListener(event, load);
    return () => {
      active = false;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      for (const event of retryOn) window.removeEventListener(event, load);
    };
  }, [live]);
  return live;
}

/** Whose inbox the live channel follows: a member's notifications and conversations, or an administrator's conversations. */
function inboxAudienceOf(facts: SessionFacts): { userId: string; audience: 'member' | 'admin' } | null {
  if (facts.status !== 'signedIn') return null;
  if (facts.isSystemAdmin) return { userId: facts.userId, audience: 'admin' };
  if (facts.approval === 'approved') return { userId: facts.userId, audience: 'member' };
  return null;
}
const SITE_TITLE = 'Accord — the trust and acceptance network';

export interface RouteHandle {
  title?: string;
}

function useDocumentTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((value): value is string => typeof value === 'string')
    .at(-1);
  useEffect(() => {
    document.title = title ? `${title} — Accord` : SITE_TITLE;
  }, [title]);
}

/**
 * After a client-side navigation nothing tells a screen reader that the page
 * changed; moving focus to <main> makes it read the new page from the top. In
 * an area shell it moves to the page itself, past the area's navigation, so a
 * keyboard user who followed a side-navigation link does not tab through it again.
 */
function useFocusMainOnNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  // Compared with the previous path rather than a "first render" flag, because
  // StrictMode runs effects twice on mount and the page load must keep focus
  // at the top, where the skip link is.
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const page = main.current?.querySelector<HTMLElement>(`[${PAGE_CONTENT_ATTRIBUTE}]`);
    (page ?? main.current)?.focus({ preventScroll: true });
  }, [pathname, main]);
}

/**
 * Every full page load has the location key "default", so keyed by it alone
 * a page opened from the address bar or a link elsewhere would land at the
 * scroll position of whatever page the tab showed before. A loaded page is
 * keyed by its path instead (a reload still returns to where the reader was);
 * in-app navigations keep their own keys.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

/** The nav bar's view of the session. Facts that failed to load still leave a signed-in person who can sign out. */
function navSessionOf(facts: SessionFacts): NavBarSession {
  if (facts.status === 'signedIn') {
    return {
      status: 'signedIn',
      email: facts.email,
      isSystemAdmin: facts.isSystemAdmin,
      settingsPath: accountSettingsPathFor(facts),
      notificationsUserId: inboxAudienceOf(facts)?.audience === 'member' ? facts.userId : null,
    };
  }
  if (facts.status === 'error') return { status: 'signedIn', email: facts.email, isSystemAdmin: false };
  return facts;
}

export function AppLayout() {
  const session = useSession();
  const main = useRef<HTMLElement>(null);
  useDocumentTitle();
  useFocusMainOnNavigation(main);
  // An area shell names its page's element here, so skipping passes its navigation too.
  const [skipTarget, setSkipTarget] = useState<string | null>(null);
  const inbox = inboxAudienceOf(session.facts);
  const ReachabilityLive = useReachabilityLive();

  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink id={skipTarget ?? MAIN_CONTENT_ID} zIndex="skipNav">
        Skip to content
      </SkipNavLink>
      <NavBar items={navItems} session={navSessionOf(session.facts)} onSignOut={session.signOut} />
      {inbox ? (
        <Suspense fallback={null}>
          <InboxLive key={inbox.userId} userId={inbox.userId} audience={inbox.audience} />
        </Suspense>
      ) : null}
      <Box as="main" id={MAIN_CONTENT_ID} ref={main} tabIndex={-1} flex="1" outline="none">
        <SkipTargetContext.Provider value={setSkipTarget}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </SkipTargetContext.Provider>
      </Box>
      <Footer />
      {ReachabilityLive ? <ReachabilityLive /> : null}
      <ScrollRestoration getKey={scrollKey} />
    </Flex>
  );
}
