/**
 * The cargo's NF-e key on a mission in Chromium (docs/rules/fiscal-documents.md): the risk manager
 * types it on Nova Missão (in lower case, as one string), sees it in groups of four under
 * 'Mais informações', finds the mission by it in the search box, and the mission's PDF prints it.
 */
import type { Page } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { describe, expect, test } from 'vitest';
import { MISSION_CREATED } from '../../src/domain/missions';
import { formatFiscalKey } from '../../src/domain/validators/fiscalKey';
import { useE2eServer } from './harness';

const WAIT = 20_000;
const e2e = useE2eServer();

// An NF-e of an issuer with an alphanumeric CNPJ (12.ABC.345/01DE-35).
const NFE = '35261112ABC34501DE35550010000123451123456789';
const CTE = '35261111222333000181570010000123451123456785';
const PROCESS = 'E2E-CHAVE-NFE';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('a mission carrying an NF-e key, in Chromium', () => {
  test('typed on Nova Missão, shown in groups of four, found by the search, printed on the PDF', { timeout: 120_000 }, async () => {
    const page = await e2e.newPage('fiscal-keys');
    await e2e.logIn(page, 'gestor@demo.com.br');
    await page.getByRole('button', { name: 'Nova Missão' }).click();
    const form = page.getByRole('dialog');
    await choose(page, 'Cliente', 'Andrade Alimentos');
    await choose(page, 'Serviço', 'Pronta resposta padrão');
    await choose(page, 'Solicitante', 'Central de Monitoramento');
    await choose(page, 'Motivo do acionamento', 'Roubo de carga');
    await choose(page, 'Transportador', 'TransLog Cargas');
    await form.getByLabel('Número do processo (opcional)').fill(PROCESS);
    await form.getByLabel('Latitude').fill('-23,550300');
    await form.getByLabel('Longitude').fill('-46,633900');
    await form.getByLabel('CEP').fill('01310100');
    await expect.poll(() => form.getByLabel('Cidade').inputValue(), { timeout: WAIT }).toBe('São Paulo');
    await form.getByLabel('Complemento').fill('Portão 2');
    await form.getByLabel('Endereço', { exact: true }).fill('Avenida Paulista, 1000');

    // A CT-e key in the NF-e box is refused in Portuguese, under the box, and nothing is sent.
    await form.getByLabel('Chaves de NF-e (opcional)').fill(CTE);
    await form.getByRole('button', { name: 'Confirmar' }).click();
    await form.getByText('Chave de NF-e inválida: o modelo (posições 21–22) deve ser 55').waitFor({ timeout: WAIT });

    await form.getByLabel('Chaves de NF-e (opcional)').fill(formatFiscalKey(NFE).toLowerCase());
    await form.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByTestId('toast').filter({ hasText: MISSION_CREATED }).first().waitFor({ timeout: WAIT });
    await form.waitFor({ state: 'detached', timeout: WAIT });

    // Found by the bare key in the search box, and shown in groups of four under 'Mais informações'.
    await page.getByLabel('Buscar').fill(NFE);
    await page.getByLabel('Buscar').press('Enter');
    const more = page.getByRole('button', { name: `Mais informações da missão ${PROCESS}` });
    await expect.poll(() => page.getByRole('button', { name: /^Mais informações da missão / }).count(), { timeout: WAIT }).toBe(1);
    await more.click();
    await page.getByText(formatFiscalKey(NFE), { exact: true }).waitFor({ timeout: WAIT });

    // The mission PDF ('Atendimento', which any status has) prints the key in groups of four.
    const pdf = await page.evaluate(async (process) => {
      const token = localStorage.getItem('prontaResposta.token') ?? '';
      const headers = { 'x-access-token': token };
      const found = (await (await fetch(`/api/missions/request/monitoring?page=1&q=${encodeURIComponent(process)}`, { headers })).json()) as { data: { _id: string }[] };
      const id = found.data[0]?._id ?? '';
      const response = await fetch(`/api/reports/missionDetail/pdf?missionRequestId=${id}&type=simple`, { headers });
      return Array.from(new Uint8Array(await response.arrayBuffer()));
    }, PROCESS);
    const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
    expect(text).toContain('Documentos fiscais da carga');
    expect(text).toContain(formatFiscalKey(NFE));
  });
});
