import { Component, type ReactNode } from 'react'

type Props = { fallback: (error: unknown) => ReactNode; children: ReactNode }

/** What a part of the live panel shows when it throws (a chunk or a paths module that fails). */
export class Boundary extends Component<Props, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false }
  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true }
  }
  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children
  }
}
