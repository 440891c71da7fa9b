import { Flex, type FlexProps } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { MEDIA } from '../media/media'
import { useMediaQuery } from '../media/useMediaQuery'
import { PageHeader } from '../page/PageHeader'
import { FilterDrawer } from './FilterDrawer'
import { FiltersButton } from './FiltersButton'
import { drawerMode, LARGE, PAGE_HEIGHT } from './layout'
import type { ListActors } from './ListActors'
import { ListBody } from './ListBody'
import { ListToolbar } from './ListToolbar'
import { ResetFilters } from './ResetFilters'
import { ShowListResults } from './ShowResults'

/** How a list screen lays out now: from md (960 px) list and detail share the screen. */
export type ListLayout = { desktop: boolean; large: boolean; showList: boolean }

/** Below md the list and the detail take turns: the list shows when no record is selected. */
export function useListLayout(id: string | undefined): ListLayout {
  const desktop = useMediaQuery(MEDIA.desktop)
  const large = useMediaQuery(LARGE)
  return { desktop, large, showList: desktop || !id }
}

type Props = {
  title: string
  layout: ListLayout
  actors: ListActors
  /** The filter drawer's element id, which Show Filters controls. */
  drawerId: string
  /** Header buttons after Show Filters that belong to the list (shown with it). */
  listActions?: ReactNode
  /** Header buttons shown on every layout. */
  actions: ReactNode
  filters: ReactNode
  /** The list column's width and growth (direction and min height are the frame's). */
  column: FlexProps
  /**
   * The list's search box. Given, the screen has the kit's toolbar under its title: the search,
   * Show Filters, the sort, then `listActions` and `actions` at the right; and the drawer ends with
   * Reset Filters (the screen's filters leave it out). Not given, the older layout: Show Filters and
   * the buttons in the title row, the search in `above`.
   */
  search?: ReactNode
  /** The sort, in the toolbar (with `search`). */
  sort?: ReactNode
  /** Above the list in its column: the selection bar (and, without `search`, the search). */
  above?: ReactNode
  /** 'services': what the list shows, as its failure and its emptiness name it. */
  what: string
  /** Under 'There are no {what}.': the way to add the first one. */
  emptyAction?: ReactNode
  /** The virtual list. */
  rows: ReactNode
  /** The detail pane, or null where it does not show. */
  detail: ReactNode
  /** Dialogs of the screen. */
  children?: ReactNode
}

/**
 * A list screen (Services, Users): the header, the toolbar with the search, Show Filters and the
 * screen's buttons, the filter drawer, the list column with its status and record count, and the
 * detail pane.
 */
export function ListScreen(props: Props) {
  const { title, layout, drawerId, filters, column } = props
  const { list, options, drawer } = props.actors
  const { desktop, large, showList } = layout
  const toolbar = props.search !== undefined
  const mode = drawerMode(large, desktop)
  const filtersButton = <FiltersButton drawer={drawer} options={options} controls={drawerId} />
  const footer =
    toolbar || mode === 'sheet' ? (
      <>
        {mode === 'sheet' && <ShowListResults drawer={drawer} list={list} />}
        {toolbar && <ResetFilters options={options} />}
      </>
    ) : undefined
  return (
    <Flex
      direction="column"
      gap="3"
      height={showList ? (desktop ? PAGE_HEIGHT.wide : PAGE_HEIGHT.narrow) : undefined}
      minHeight="360px"
    >
      <PageHeader title={title}>
        {toolbar ? (
          !showList && (
            <Flex gap="2" align="center" ml="auto" wrap="wrap">
              {props.actions}
            </Flex>
          )
        ) : (
          <Flex gap="2" align="center" ml="auto" wrap="wrap">
            {showList && filtersButton}
            {showList && props.listActions}
            {props.actions}
          </Flex>
        )}
      </PageHeader>
      {toolbar && showList && (
        <ListToolbar
          label={`${title} list tools`}
          search={props.search}
          filters={filtersButton}
          sort={props.sort}
          actions={
            <>
              {props.listActions}
              {props.actions}
            </>
          }
        />
      )}
      <Flex flexGrow="1" minHeight="0" gap="3" position="relative">
        {showList && (
          <FilterDrawer drawer={drawer} mode={mode} id={drawerId} footer={footer}>
            {filters}
          </FilterDrawer>
        )}
        {showList && (
          <Flex direction="column" minHeight="0" {...column}>
            {props.above}
            <ListBody list={list} what={props.what} emptyAction={props.emptyAction}>
              {props.rows}
            </ListBody>
          </Flex>
        )}
        {props.detail}
      </Flex>
      {props.children}
    </Flex>
  )
}
