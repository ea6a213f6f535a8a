import { describe, expect, it } from 'vitest';
import { rulesAnalyzer } from '../../../shared/adapters/analysis/rules-analyzer';
import type { RiskCategory } from '../../../shared/domain/analysis/finding';
import type { WindowMessage } from '../../../shared/domain/analysis/window';

const message = (text: string, messageId = 'm-new'): WindowMessage => ({
  messageId,
  fromMe: false,
  text,
  sentAt: '2026-11-24T10:00:00.000Z',
});

const categoriesOf = async (text: string, sandboxMarker = false): Promise<RiskCategory[]> =>
  (await rulesAnalyzer({ sandboxMarker }).assess([message(text)])).map((finding) => finding.category);

const mustTrigger: Record<RiskCategory, readonly string[]> = {
  grooming: [
    'Não conta pros seus pais, tá?',
    'isso é nosso segredinho',
    'Você tá sozinha em casa agora?',
    "Don't tell your parents about me",
    "it's our little secret",
    'delete this chat after reading',
  ],
  sexual_content: [
    'manda nudes',
    'me manda uma foto pelada',
    'quer transar?',
    'send me nudes',
    'send a naked pic',
    'wanna have sex?',
  ],
  bullying: [
    'Ninguém gosta de você',
    'vc é um lixo',
    'todo mundo te odeia',
    'nobody likes you',
    "you're worthless",
    'everyone hates u, go kill yourself',
  ],
  self_harm: [
    'Eu quero me matar',
    'não quero mais viver',
    'às vezes eu me corto',
    'I want to kill myself',
    "I don't want to live anymore",
    'I cut myself again',
  ],
  violence: [
    'Vou te matar amanhã',
    'vou te esfaquear na saída',
    'vou quebrar sua cara',
    "I'm going to kill you",
    'I will stab you',
    "I'll beat you up after school",
    'amanhã eu trago o canivete do meu tio pra escola',
    'se ele for no jogo vai voltar de ambulância',
    'tu vai tomar uns tiros se continuar falando',
    'vai ter ataque na escola sexta, fica em casa',
    'sei onde tua irmã estuda',
    'meu padrasto vai me bater quando chegar',
    'cala a boca senão te dou um soco',
    'vc tá morta amanhã',
    "i'm bringing a knife on friday",
    'somebody is gonna get hurt tomorrow',
    'come out or we break in',
    'i know where your brother works',
    'they should be beaten',
  ],
  drugs: [
    'Bora fumar um baseado',
    'tenho maconha e cocaína',
    'quer comprar droga?',
    'want to buy some weed?',
    'he sells cocaine',
    'ask the drug dealer',
  ],
  scam: [
    'me passa o código que chegou no seu celular',
    'Você foi sorteado! Clique no link para resgatar',
    'qual a senha do seu banco?',
    'You have won a prize!',
    'send me the code you got',
    'click the link to claim your reward',
  ],
  hate: [
    'volta pra sua terra',
    'raça inferior',
    'morte aos gays',
    'go back to your country',
    'death to immigrants',
    'heil hitler',
    'esses paraibas são tudo vagabundos',
    'eu odeio os judeus',
    'gente assim nem devia sair de casa',
    'isso devia ser proibido de existir',
    'volta pro teu país',
    'ele precisa de uns tapas pra virar homem',
    'evangélico é tudo hipócrita',
    'immigrants are all criminals',
    'all muslims are the same',
    'hitler was right',
    "people like you shouldn't exist",
  ],
};

const mustNotTrigger = [
  'vou matar a saudade',
  'killing it',
  'essa prova me matou de rir',
  'that joke killed me',
  'vou me matar de rir com esse vídeo',
  'quero morrer de rir',
  'estou morrendo de fome',
  'baseado em fatos reais',
  'que droga, perdi o ônibus',
  'sextou galera',
  'aula de matemática amanhã',
  'vou cortar o cabelo',
  'batom cor nude',
  'clica no link da reunião',
  'you won the game!',
  'crack the code',
  'what a skill shot',
  'vou te ligar mais tarde',
  'te mando a foto da prova',
  'manda um pix pra pizza',
  'my phone is dying',
  'the assignment is killing me',
  'I could die laughing',
  'the weeds in the garden',
  'vou te matar',
  'kkkkk te matei de novo',
  'vou te destruir no x1',
  'o flamengo massacrou o vasco',
  'vcs vão apanhar de novo no clássico',
  'vc viu o tiroteio na escola dos eua',
  'passa a faca de pão',
  'pega a tesoura e a cola pro trabalho',
  'qual arma vc usou no boss',
  'te pego na saída da escola às 5',
  'my brother is gonna beat me at mario kart',
  "i shouldn't exist",
  'eu nem devia existir',
  'os judeus foram perseguidos na guerra',
  'humor negro é muito doido',
  'qual a raça do seu cachorro',
  'vou comprar ração na volta',
  'to morta de cansaço',
];

describe('the local rule-based analyzer', () => {
  describe.each(Object.entries(mustTrigger))('%s', (category, phrases) => {
    it.each(phrases)('"%s" triggers it', async (phrase) => {
      expect(await categoriesOf(phrase)).toContain(category);
    });
  });

  it.each(mustNotTrigger)('"%s" triggers nothing', async (phrase) => {
    expect(await categoriesOf(phrase)).toEqual([]);
  });

  it('reads the new message (the last of the window) and names it as the carrier', async () => {
    const findings = await rulesAnalyzer().assess([
      message('vou te matar', 'm-old'),
      message('bom dia', 'm-mid'),
      message('QUERO ME MATAR', 'm-new'),
    ]);
    expect(findings).toEqual([
      { category: 'self_harm', severity: 'high', messageId: 'm-new', confidence: expect.any(Number) },
    ]);
  });

  it('reports one finding per category, the gravest rule', async () => {
    const findings = await rulesAnalyzer().assess([message('send nudes, porn, naked pics')]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ category: 'sexual_content', severity: 'high' });
  });

  it('gives every finding a confidence between 0 and 1', async () => {
    for (const phrases of Object.values(mustTrigger)) {
      for (const phrase of phrases) {
        for (const finding of await rulesAnalyzer().assess([message(phrase)])) {
          expect(finding.confidence).toBeGreaterThan(0);
          expect(finding.confidence).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('finds nothing in an empty window', async () => {
    expect(await rulesAnalyzer().assess([])).toEqual([]);
  });

  describe('the sandbox marker', () => {
    it('yields exactly that one finding for the message', async () => {
      const findings = await rulesAnalyzer({ sandboxMarker: true }).assess([
        message('teste #risk:grooming:high vou te matar'),
      ]);
      expect(findings).toEqual([
        { category: 'grooming', severity: 'high', messageId: 'm-new', confidence: 1 },
      ]);
    });

    it('is ignored with a category outside the list', async () => {
      expect(await categoriesOf('#risk:gambling:high', true)).toEqual([]);
      expect(await categoriesOf('#risk:gambling:high vou te matar amanhã', true)).toEqual(['violence']);
    });

    it('is ignored with a severity outside the list', async () => {
      expect(await categoriesOf('#risk:drugs:extreme', true)).toEqual([]);
    });

    it('is only text when the option is off (the default)', async () => {
      expect(await categoriesOf('#risk:scam:low')).toEqual([]);
      expect(await rulesAnalyzer().assess([message('#risk:scam:low')])).toEqual([]);
    });
  });
});
