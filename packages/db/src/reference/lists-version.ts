import type pg from 'pg';

/**
 * lists_version (decision 0096): moved by the lists' writers, in their transaction, whenever they change
 * a list or its keys (a load of the reference lists, a group's own entries). A reader that reads it in the
 * same snapshot as the lists knows which lists that snapshot saw, and reads them again once it moved.
 * Rows written by other means (a test's factories, SQL by hand) do not move it.
 */
export async function bumpListsVersion(client: pg.ClientBase): Promise<void> {
  await client.query('update lists_version set version = version + 1');
}
