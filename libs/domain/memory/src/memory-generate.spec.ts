import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import {
  DomainError,
  GenerateMemoryRequest,
  GraphPatterns,
  IndexManyRequest,
  SearchPatterns,
  UserAssistantPair,
} from '@trove/contracts';
import { RecordingTransportClient } from '@trove/testing';
import {
  InferredMemory,
  MemoryInference,
  MemoryInferenceInput,
  MemoryInferenceResult,
} from './ports/memory-inference';
import { MemoryRig, openMemoryRig } from './testing/memory.test-rig';

const PAIRS: UserAssistantPair[] = [
  { user: 'Hi there!', assistant: 'Hello! How can I help?' },
  {
    user: 'I work as a nurse in Lisbon. I love surfing at dawn.',
    assistant: 'Lisbon has great waves near Carcavelos.',
  },
  { user: 'Thanks!', assistant: 'You are welcome.' },
];

const generate = (overrides: Partial<GenerateMemoryRequest> = {}): GenerateMemoryRequest => ({
  tenant_id: 'acme',
  sub_tenant_id: 'team',
  user_assistant_pairs: PAIRS,
  user_name: 'Ana',
  ...overrides,
});

const codeOf = (error: unknown) => (error instanceof DomainError ? error.code : String(error));

/** An inference that answers what the test says and records what it was given (an LLM's stand-in). */
class ScriptedInference extends MemoryInference {
  readonly name = 'llm:test';
  readonly inputs: MemoryInferenceInput[] = [];
  constructor(private readonly answer: InferredMemory[]) {
    super();
  }
  infer(input: MemoryInferenceInput): Promise<MemoryInferenceResult> {
    this.inputs.push(input);
    return Promise.resolve({
      memories: this.answer,
      inference: this.name,
      usage: { prompt_tokens: 101, completion_tokens: 11 },
    });
  }
}

describe('MemoryService.generate: only inferred memories are stored', () => {
  let rig: MemoryRig<RecordingTransportClient>;
  const indexed = () =>
    rig.transport.sent
      .filter((m) => m.pattern === SearchPatterns.indexMany)
      .flatMap((m) => (m.payload as IndexManyRequest).requests);

  beforeEach(async () => {
    rig = await openMemoryRig(new RecordingTransportClient());
  });
  afterEach(() => rig.close());

  it("stores each of the user's statements as a memory of its own, with one inferred chunk", async () => {
    const result = await rig.service.generate(generate({ custom_instructions: 'Keep hobbies only.' }));
    assert.equal(result.success, true);
    assert.equal(result.inference, 'offline');
    assert.equal(result.original_chunks, 0);
    assert.deepEqual(
      result.memories.map((m) => m.source_content),
      ['Ana works as a nurse in Lisbon.', 'Ana loves surfing at dawn.'],
    );
    assert.equal(result.memories_generated, 2);
    assert.equal(result.inferred_chunks, 2);
    for (const memory of result.memories) assert.equal(memory.source_id, memory.memory_id);

    const requests = indexed();
    assert.deepEqual(
      requests.map((r) => [r.tenant_id, r.sub_tenant_id, r.source.source_id]),
      result.memories.map((m) => ['acme', 'team', m.memory_id]),
    );
    for (const [i, request] of requests.entries()) {
      assert.deepEqual(request.chunks, [
        {
          chunk_uuid: `${result.memories[i]!.memory_id}_inferred_0`,
          position: 0,
          text: result.memories[i]!.source_content,
          start: 0,
          kind: 'inferred',
        },
      ]);
      assert.equal(request.source.document_metadata?.['custom_instructions'], 'Keep hobbies only.');
    }

    const stored = await rig.store.getLive(
      'acme',
      'team',
      result.memories.map((m) => m.memory_id),
      new Date(),
    );
    assert.equal(stored.length, 2);
    for (const record of stored) {
      assert.equal(record.raw_text, null);
      assert.equal(record.user_assistant_pairs, null);
      assert.equal(record.original_chunks, 0);
      assert.equal(record.user_name, 'Ana');
      assert.equal(record.custom_instructions, 'Keep hobbies only.');
      assert.ok(!/Carcavelos|Hi there/.test(record.content));
    }
    assert.equal(await rig.store.isProvisioned('acme', 'team'), true);
  });

  it('stores nothing and answers an empty list when nothing is worth keeping', async () => {
    const result = await rig.service.generate(
      generate({ user_assistant_pairs: [{ user: 'Hello!', assistant: 'Hi, how can I help?' }] }),
    );
    assert.deepEqual(result, {
      success: true,
      memories_generated: 0,
      memories: [],
      original_chunks: 0,
      inferred_chunks: 0,
      inference: 'offline',
      usage: { prompt_tokens: 0, completion_tokens: 0 },
    });
    assert.deepEqual(rig.transport.sent, []);
    assert.equal(await rig.store.isProvisioned('acme', 'team'), false);
  });

  it('sends a generated memory to the graph under its inferred chunk id', async () => {
    const result = await rig.service.generate(generate());
    await rig.worker.idle();
    const extracted = rig.graph.extracted.map((r) => [r.source_id, r.chunks]);
    assert.deepEqual(
      extracted.sort(),
      result.memories
        .map((m) => [m.memory_id, [{ chunk_id: `${m.memory_id}_inferred_0`, text: m.source_content }]])
        .sort(),
    );
  });

  it('deletes a generated memory like any other', async () => {
    const [first] = (await rig.service.generate(generate())).memories;
    const key = { tenant_id: 'acme', sub_tenant_id: 'team', memory_id: first!.memory_id };
    assert.deepEqual(await rig.service.delete(key), { success: true, user_memory_deleted: true });
    assert.deepEqual(await rig.store.getLive('acme', 'team', [first!.memory_id], new Date()), []);
  });

  it('hands the inference the pairs, the user name and custom_instructions, and reports its name and usage', async () => {
    const inference = new ScriptedInference([
      { text: 'Ana prefers tea.', kind: 'preference' },
      { text: 'Ana works as a nurse.', kind: 'fact' },
    ]);
    await rig.close();
    rig = await openMemoryRig(new RecordingTransportClient(), {}, inference);
    const result = await rig.service.generate(generate({ custom_instructions: 'Only drinks.' }));
    assert.equal(inference.inputs.length, 1);
    const [input] = inference.inputs;
    assert.deepEqual(input!.user_assistant_pairs, PAIRS);
    assert.equal(input!.user_name, 'Ana');
    assert.equal(input!.custom_instructions, 'Only drinks.');
    assert.ok(input!.reference_time instanceof Date);
    assert.equal(result.inference, 'llm:test');
    assert.deepEqual(result.usage, { prompt_tokens: 101, completion_tokens: 11 });
    assert.equal(result.inference_fallback, undefined);
    assert.deepEqual(
      result.memories.map((m) => [m.source_content, m.kind]),
      [
        ['Ana prefers tea.', 'preference'],
        ['Ana works as a nurse.', 'fact'],
      ],
    );
    // Each memory keeps its share of the call's tokens: the shares add up to the call's usage.
    const stored = await rig.store.getLive(
      'acme',
      'team',
      result.memories.map((m) => m.memory_id),
      new Date(),
    );
    const byId = new Map(stored.map((r) => [r.memory_id, r]));
    assert.deepEqual(
      result.memories.map((m) => [byId.get(m.memory_id)!.inference, byId.get(m.memory_id)!.inference_usage]),
      [
        ['llm:test', { prompt_tokens: 51, completion_tokens: 6 }],
        ['llm:test', { prompt_tokens: 50, completion_tokens: 5 }],
      ],
    );
  });

  it('routes add with infer through the same inference', async () => {
    const inference = new ScriptedInference([{ text: 'Ana prefers tea.', kind: 'preference' }]);
    await rig.close();
    rig = await openMemoryRig(new RecordingTransportClient(), {}, inference);
    const added = await rig.service.add({
      tenant_id: 'acme',
      sub_tenant_id: 'acme',
      raw_text: 'I prefer tea.',
      infer: true,
      custom_instructions: 'Only drinks.',
    });
    assert.deepEqual([added.original_chunks, added.inferred_chunks], [1, 1]);
    assert.deepEqual(
      [added.inference, added.usage, added.inference_fallback],
      ['llm:test', { prompt_tokens: 101, completion_tokens: 11 }, undefined],
    );
    assert.deepEqual(
      inference.inputs.map((i) => [i.raw_text, i.user_assistant_pairs, i.custom_instructions]),
      [['I prefer tea.', undefined, 'Only drinks.']],
    );
    const [record] = await rig.store.getLive('acme', 'acme', [added.memory_id], new Date());
    assert.deepEqual(
      [record!.inferred, record!.inference, record!.inference_usage],
      [['Ana prefers tea.'], 'llm:test', { prompt_tokens: 101, completion_tokens: 11 }],
    );
  });

  it('erases what it wrote when one of its memories fails to be indexed: all or nothing', async () => {
    let refused = '';
    rig.transport.respond(SearchPatterns.indexMany, (payload) => ({
      outcomes: (payload as IndexManyRequest).requests.map((request, i) => {
        if (i === 1) refused = request.source.source_id;
        return i === 1
          ? { error: { code: 'DIMENSION_MISMATCH', message: 'another model' } }
          : { ok: { indexed: request.chunks.length, model_id: 'm' } };
      }),
    }));
    await assert.rejects(
      rig.service.generate(generate()),
      (e: unknown) => codeOf(e) === 'DIMENSION_MISMATCH',
    );
    assert.notEqual(refused, '');
    // Every memory of the generate, the refused one too: its record was written before the index refused it.
    const generated = indexed().map((r) => r.source.source_id);
    const erased = rig.transport.sent
      .filter((m) => m.pattern === SearchPatterns.deleteSources || m.pattern === GraphPatterns.deleteSources)
      .map((m) => (m.payload as { source_ids: string[] }).source_ids);
    assert.deepEqual(erased, [generated, generated]);
    assert.ok(generated.includes(refused));
    assert.deepEqual(await rig.store.countBySubTenant('acme', new Date()), new Map());
  });

  it('refuses a request without a conversation, of the wrong types, or too long: VALIDATION_ERROR', async () => {
    const bad: Partial<GenerateMemoryRequest>[] = [
      { user_assistant_pairs: [] },
      { user_assistant_pairs: [{ user: ' ', assistant: '' }] },
      { user_assistant_pairs: 'hello' as unknown as UserAssistantPair[] },
      { user_assistant_pairs: [{ user: 1, assistant: 'x' } as unknown as UserAssistantPair] },
      { user_assistant_pairs: [{ user: 'x'.repeat(600_000), assistant: 'y'.repeat(400_001) }] },
      { user_name: 7 as unknown as string },
      { tenant_id: 'bad id' },
    ];
    for (const overrides of bad) {
      await assert.rejects(
        rig.service.generate(generate(overrides)),
        (e: unknown) => codeOf(e) === 'VALIDATION_ERROR',
        JSON.stringify(overrides).slice(0, 100),
      );
    }
    assert.deepEqual(rig.transport.sent, []);
  });
});
