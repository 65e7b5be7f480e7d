import { Component, type ReactNode } from 'react';

interface ChartBoundaryProps {
  /** What shows instead of a chart that could not be drawn. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * A chart that cannot be drawn (no canvas, a chunk that did not arrive, a
 * library fault) leaves its figure's text, table and CSV file in place
 * instead of taking the page down with it.
 */
export class ChartBoundary extends Component<ChartBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
