import { SqlDatabase } from '@trove/platform-database';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { DateTime, int, Neo4jError, Record as Neo4jRecord } from 'neo4j-driver';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GraphSettings } from '../../graph-settings';
import { openGraphStore } from '../../graph.adapters';
import { SqlGraphStore } from '../sql/sql-graph-store';
import { ResolutionRace } from '../../resolution/write-rules';
import { Neo4jGraphStore, retryable } from './neo4j-graph-store';
import { edgeOf, toNumber } from './neo4j-records';

/* What runs without a server; the contract against a real Neo4j is neo4j-graph-store.int-spec.ts. */

function settings(values: Partial<GraphSettings>): { settings: GraphSettings; problems: string[] } {
  const parsed = plainToInstance(GraphSettings, { ...new GraphSettings(), ...values });
  const problems = validateSync(parsed).flatMap((e) => Object.values(e.constraints ?? {}));
  return { settings: parsed, problems };
}

describe('GRAPH_STORE', () => {
  it('defaults to sql and asks for no Neo4j setting', () => {
    const { settings: parsed, problems } = settings({});
    assert.equal(parsed.GRAPH_STORE, 'sql');
    assert.deepEqual(problems, []);
  });

  it('requires a bolt:// or neo4j:// NEO4J_URL with neo4j, and names it', () => {
    assert.deepEqual(settings({ GRAPH_STORE: 'neo4j' }).problems, [
      'NEO4J_URL must be a bolt:// or neo4j:// URL when GRAPH_STORE=neo4j',
      'NEO4J_URL is required when GRAPH_STORE=neo4j',
    ]);
    assert.equal(settings({ GRAPH_STORE: 'neo4j', NEO4J_URL: 'http://neo4j:7474' }).problems.length, 1);
    assert.deepEqual(
      settings({ GRAPH_STORE: 'neo4j', NEO4J_URL: 'neo4j+s://graph.example:7687' }).problems,
      [],
    );
    assert.deepEqual(settings({ GRAPH_STORE: 'memory' as 'sql' }).problems, [
      'GRAPH_STORE must be sql or neo4j',
    ]);
  });

  it('picks the adapter from the settings (the driver connects only at the first query)', async () => {
    // Neither store touches the database before migrate(): opening one needs no server.
    const database = {} as SqlDatabase;
    assert.ok(openGraphStore({ database, settings: settings({}).settings }) instanceof SqlGraphStore);
    const neo4j = openGraphStore({
      database,
      settings: settings({ GRAPH_STORE: 'neo4j', NEO4J_URL: 'bolt://127.0.0.1:1', NEO4J_USER: 'neo4j' })
        .settings,
    });
    assert.ok(neo4j instanceof Neo4jGraphStore);
    await neo4j.close();
  });
});

describe('Neo4j values', () => {
  it('turns Integer into number and DateTime into the ISO string the SQL adapter gives', () => {
    assert.equal(toNumber(int(42)), 42);
    assert.equal(toNumber(0.9), 0.9);
    const entity = { entity_id: 'e1', name: 'Marie Curie', type: 'person', namespace: 'default' };
    const record = new Neo4jRecord(
      ['r', 'a', 'b'],
      [
        {
          relationship_id: 'r1',
          source_id: 'doc',
          chunk_id: 'doc_0',
          ordinal: int(0),
          canonical_predicate: 'born in',
          raw_predicate: 'was born in',
          context: 'Marie Curie was born in Warsaw in 1867.',
          confidence: 0.9,
          temporal_details: 'in 1867',
          happened_at: new DateTime(1867, 11, 7, 0, 0, 0, 0, 0),
        },
        entity,
        { ...entity, entity_id: 'e2', name: 'Warsaw', type: 'location', identifier: 'PL' },
      ],
    );
    const edge = edgeOf(record);
    assert.equal(edge.timestamp, '1867-11-07T00:00:00.000Z');
    assert.equal(edge.source.identifier, null, 'a property Neo4j never stored reads as null');
    assert.equal(edge.target.identifier, 'PL');
    assert.equal(edge.temporal_details, 'in 1867');
  });
});

describe('Neo4j write retries', () => {
  it('runs again after a deadlock or a race, and tells any other error apart without throwing', () => {
    const deadlock = new Neo4jError(
      'deadlock',
      'Neo.TransientError.Transaction.DeadlockDetected',
      '50N42',
      'deadlock',
    );
    assert.equal(retryable(deadlock), true);
    assert.equal(retryable(new ResolutionRace('raced')), true);
    const constraint = new Neo4jError(
      'taken',
      'Neo.ClientError.Schema.ConstraintValidationFailed',
      '50N42',
      'constraint',
    );
    assert.equal(retryable(constraint), true);
    assert.equal(
      retryable(new Neo4jError('bad', 'Neo.ClientError.Statement.SyntaxError', '50N42', 'syntax')),
      false,
    );
    assert.equal(retryable(new TypeError('not a database error')), false);
    assert.equal(retryable(undefined), false);
  });
});
