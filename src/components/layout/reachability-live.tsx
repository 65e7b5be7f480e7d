import { useReachability } from '../../data/use-reachability';
import { ReachabilityBanner } from './reachability-banner';

/** The banner fed by the app's one reachability store: loaded after the page, so it adds nothing to a first load. */
export default function ReachabilityLive() {
  return <ReachabilityBanner state={useReachability()} />;
}
