// TechTalk (express-esm-mysql-mariadb) ships its schema as a MySQL 8 dump; the set-up reads it for MariaDB 10.11.
// The reading must keep every table and key of the dump and drop only what MariaDB refuses and the author's rows.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { schemaStatements } from '../realapps/setups/express-esm-mysql-mariadb.mjs';

const dump = readFileSync(fileURLToPath(new URL('../realapps/apps/express-esm-mysql-mariadb/api/db/fullDatabase.sql', import.meta.url)), 'utf8');

describe('TechTalk schema for MariaDB', () => {
  const statements: string[] = schemaStatements(dump);
  const creates = statements.filter((s) => s.startsWith('CREATE TABLE'));

  it('keeps every table and every key and constraint of the dump', () => {
    const tables = [...dump.matchAll(/CREATE TABLE `(\w+)`/g)].map((m) => m[1]);
    expect(creates.map((s) => s.match(/CREATE TABLE `(\w+)`/)![1])).toEqual(tables);
    const keys = (text: string) => (text.match(/^\s*(PRIMARY KEY|UNIQUE KEY|KEY|CONSTRAINT) .*$/gm) ?? []).map((l) => l.trim().replace(/,$/, ''));
    expect(keys(creates.join('\n'))).toEqual(keys(dump));
  });

  it('drops the rows, the table locks and the clauses MariaDB does not know', () => {
    const all = statements.join('\n');
    expect(all).not.toMatch(/INSERT INTO|LOCK TABLES|utf8mb4_0900_ai_ci|ENCRYPTION/);
    expect(all).toMatch(/FOREIGN_KEY_CHECKS=0/);
    expect(all).toContain('COLLATE=utf8mb4_general_ci');
  });
});
