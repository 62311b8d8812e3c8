import { Group, Table, Text, VisuallyHidden, type TableProps, type TableTrProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { WideTable } from '../WideTable';

/** A cell's quiet word for nothing there (yet): "…", "none", "anywhere". */
export function Dimmed({ children }: { children: ReactNode }) {
  return (
    <Text span c="dimmed" size="sm">
      {children}
    </Text>
  );
}

/** One column: its header and what each row shows in it. */
export interface AdminColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell's style (an indent, where long words may break), the same for every row or by row. */
  style?: CSSProperties | ((row: T) => CSSProperties);
}

export interface AdminTableProps<T> extends Pick<TableProps, 'highlightOnHover' | 'verticalSpacing' | 'aria-busy'> {
  /** The table's name, which screen readers announce (and its scrolling box's on a phone). */
  label: string;
  /** The least width the columns need: on a narrower screen the table scrolls sideways in its own box (WideTable). */
  minWidth: number;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: AdminColumn<T>[];
  /**
   * The row's buttons and links, in a last column whose header only screen readers hear
   * ("Actions"). Each needs a name saying which row it acts on ("Edit Soil team").
   */
  actions?: (row: T) => ReactNode;
  /** Attributes of a row (a test id). */
  rowProps?: (row: T) => TableTrProps & Record<`data-${string}`, string>;
}

/**
 * A Site Admin table: a row per item, its columns, and an actions column. Every control is
 * a button or a link in the page's tab order; a table wider than the screen keeps its
 * columns and scrolls in its own box, which takes focus to scroll by keyboard.
 */
export function AdminTable<T>({ label, minWidth, rows, rowKey, columns, actions, rowProps, ...table }: AdminTableProps<T>) {
  return (
    <WideTable label={label} minWidth={minWidth}>
      <Table aria-label={label} {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, i) => (
              <Table.Th key={i} scope="col">
                {column.header}
              </Table.Th>
            ))}
            {actions ? (
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column, i) => (
                <Table.Td key={i} style={typeof column.style === 'function' ? column.style(row) : column.style}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              {actions ? (
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    {actions(row)}
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
