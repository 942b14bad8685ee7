import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { makePdf } from './make-pdf.ts';

// The whole client journey against a running service at `baseUrl`, as a customer would script it:
// organization → ingest a TXT and a PDF → indexed → flashcards, quiz, mindmap.

export async function runClientFlow(baseUrl: string, adminKey: string) {
  const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
  const created = await json(
    await fetch(`${baseUrl}/v1/createOrganization`, {
      method: 'POST',
      headers: { 'admin-key': adminKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Flow', url: 'https://flow.example' }),
    }),
  );
  assert.equal(created.status, 201);
  const headers = { 'x-api-key': created.body.apiKey.apiKey as string };

  const ingest = async (name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('source', JSON.stringify({ sourceType: 'file' }));
    form.append('file', new Blob([bytes]), name);
    const response = await json(await fetch(`${baseUrl}/v1/ingestSource`, { method: 'POST', headers, body: form }));
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data.id as string;
  };
  const text = new TextEncoder().encode(
    '# Rocks\n\nIgneous rock forms when magma cools. Sedimentary rock forms from layers of sediment. Metamorphic rock is rock changed by heat and pressure.\n\n## Minerals\n\nA mineral is a naturally occurring solid with a crystal structure. Quartz is a hard mineral made of silicon and oxygen. Feldspar is the most common mineral group in the crust.\n',
  );
  const pdf = makePdf(
    [
      [
        'Weathering',
        'Weathering is the breaking down of rocks at the surface of the Earth.',
        'Erosion is the movement of weathered material by water, wind or ice.',
        'Frost wedging is weathering caused by water that freezes in the cracks of rocks.',
        'Oxidation is a chemical weathering process in which minerals react with oxygen.',
      ],
      [
        'Soil',
        'Soil is a mixture of minerals, organic matter, water and air.',
        'Humus is the dark organic part of soil formed from decayed plants.',
        'Topsoil is the upper layer of soil where most organic matter collects.',
        'Leaching is the removal of dissolved minerals from soil by water.',
      ],
    ],
    { title: 'Earth Surface Processes' },
  );
  const ids = [await ingest('rocks.txt', text), await ingest('surface.pdf', pdf)];
  for (const id of ids) {
    let status = 'processing';
    for (let i = 0; i < 300 && (status === 'processing' || status === 'pending'); i++) {
      status = (await json(await fetch(`${baseUrl}/v1/sources/${id}`, { headers }))).body.data.status;
      if (status === 'processing') await sleep(100);
    }
    assert.equal(status, 'indexed');
  }
  const generate = async (path: string, body?: unknown) => {
    const response = await json(
      await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.data.status, 'ready', response.body.data.error);
    return response.body.data;
  };
  const cards = await generate(`/v1/sources/${ids[0]}/flashcards`);
  const quiz = await generate(`/v1/sources/${ids[1]}/quizzes`, { numberOfQuestions: 3, difficulty: 'easy' });
  const mindmap = await generate(`/v1/sources/${ids[1]}/mindmaps`, { difficulty: 'medium' });
  assert.ok(cards.cards.length > 0 && quiz.questions.length === 3 && mindmap.nodes.length > 1);
  return { sources: ids.length, cards: cards.cards.length, questions: quiz.questions.length, nodes: mindmap.nodes.length };
}
