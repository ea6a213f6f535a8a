import { describe, expect, it } from 'vitest';
import { compiledRules } from '../../../shared/adapters/analysis/compiled-rules';
import { rulesAnalyzer } from '../../../shared/adapters/analysis/rules-analyzer';
import type { FindingThresholds } from '../../../shared/adapters/analysis/window-classifier';
import { riskCategories } from '../../../shared/domain/analysis/finding';
import type { RiskCategory } from '../../../shared/domain/analysis/finding';
import type { WindowMessage } from '../../../shared/domain/analysis/window';
import { mustNotAlert } from '../../../eval/analysis/must-not-alert';

const message = (text: string, messageId = 'm-new'): WindowMessage => ({
  messageId,
  fromMe: false,
  text,
  sentAt: '2026-11-24T10:00:00.000Z',
});

/** The local analyzer as the stack and the evaluation build it (the classifier's findings are tested below). */
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
    'mas n fala pros teus pais q a gente conversa',
    'n comenta com as amigas nem com seus pais',
    'ninguém precisa saber, é só entre a gente',
    'amanhã te busco, n precisa avisar ninguém',
    'me passa o horário q seus pais n tão em casa',
    'me manda uma foto de corpo inteiro pra eu ver',
    'manda uma selfie tua agora, só pra mim',
    'apaga sempre depois q a gente conversar',
    'liga a câmera q eu quero te ver',
    "turn on your camera, keep it quiet so your parents don't wake up",
    'nobody has to know',
  ],
  sexual_content: [
    'manda nudes',
    'me manda uma foto pelada',
    'quer transar?',
    'send me nudes',
    'send a naked pic',
    'wanna have sex?',
    'tira uma foto sem roupa e me manda',
    'faz um vídeo de calcinha pra mim',
    'ou me manda mais um ou eu mando pra tua família inteira',
    'me manda 200 no pix ou posto tudo no insta da tua mãe',
    'tenho suas fotos íntimas',
    'pago bem se mostrar tudo',
    'vamo num motel sábado?',
    'quero te ver se tocando',
    "send me $300 or i'm posting them to all your followers",
    'a pic of me naked lol',
  ],
  bullying: [
    'Ninguém gosta de você',
    'vc é um lixo',
    'todo mundo te odeia',
    'nobody likes you',
    "you're worthless",
    'everyone hates u, go kill yourself',
    'ngm te aguenta, sai daqui',
    'vc é mó esquisita',
    'vc devia se matar',
    'vou fazer da tua vida um inferno',
    'a sala toda vai rir da tua cara amanhã',
    'printa e manda no grupo da escola',
    'literally no one wants to sit with you',
    'she posted your video, it is everywhere now',
  ],
  self_harm: [
    'Eu quero me matar',
    'não quero mais viver',
    'às vezes eu me corto',
    'I want to kill myself',
    "I don't want to live anymore",
    'I cut myself again',
    'queria sumir de vez',
    'o mundo ficava melhor sem mim',
    'se eu sumisse ninguém ia sentir falta',
    'n vejo sentido em continuar',
    'cuida dele qnd eu n tiver mais aqui',
    'quantos comprimidos precisa pra não acordar mais',
    'vo acaba cm tudo hj',
    'uso manga longa pra ngm ver os cortes',
    'everyone would be better off without me',
    'i genuinely wanna kms',
    "what's even the point anymore",
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
    '20 a grama, te entrego no portão',
    'tô vendendo pino na esquina',
    'bora queimar um beck depois da aula',
    'cheirei 2 carreiras ontem',
    'peguei o rivotril da minha mãe pra gente tomar na festa',
    'tem vaga de aviãozinho aqui',
    'se vc não fumar com a gente não anda mais com a gente',
    'we did a few lines in the bathroom',
    'who has a plug?',
  ],
  scam: [
    'me passa o código que chegou no seu celular',
    'Você foi sorteado! Clique no link para resgatar',
    'qual a senha do seu banco?',
    'You have won a prize!',
    'send me the code you got',
    'click the link to claim your reward',
    'informe o código de verificação que enviamos por SMS',
    'me passa o login e a senha da conta',
    'preciso pagar um boleto urgente me manda 400 no pix',
    'faz o pix pra essa chave aqui',
    'sua encomenda está retida, taxa pendente',
    'deposite 100 e receba 130 de volta',
    'pague pelo link para evitar a suspensão',
    'confirme seus dados no link abaixo',
    'just pay the shipping fee to claim it',
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

describe('the local rule-based analyzer', () => {
  describe.each(Object.entries(mustTrigger))('%s', (category, phrases) => {
    it.each(phrases)('"%s" triggers it', async (phrase) => {
      expect(await categoriesOf(phrase)).toContain(category);
    });
  });

  it.each(mustNotAlert)('"%s" triggers nothing', async (phrase) => {
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

  describe('with the window classifier', () => {
    /** Every category a finding of the classifier, at `low`. */
    const everything: FindingThresholds = {
      categories: Object.fromEntries(riskCategories.map((c) => [c, 0])) as FindingThresholds['categories'],
      atLeastMedium: 1.01,
      high: 1.01,
    };
    const ruleOnly = async (text: string) =>
      rulesAnalyzer({ classifierThresholds: null }).assess([message(text)]);

    it("adds the classifier's findings where no rule of that category matched", async () => {
      const [rule] = await ruleOnly('manda nudes');
      expect(rule?.category).toBe('sexual_content');
      const findings = await rulesAnalyzer({ classifierThresholds: everything }).assess([
        message('manda nudes'),
      ]);
      expect(findings.map((f) => f.category).sort()).toEqual([...riskCategories].sort());
      expect(findings.find((f) => f.category === 'sexual_content')).toEqual(rule);
      expect(findings.filter((f) => f.category !== 'sexual_content').map((f) => f.severity)).toEqual(
        Array(riskCategories.length - 1).fill('low'),
      );
    });

    it('adds nothing once the rules spent the time budget', async () => {
      let now = 0;
      // Read at the start, before each rule, then before the classifier: the last reading is past it.
      const budget = { ms: compiledRules.length + 1, now: () => now++ };
      const findings = await rulesAnalyzer({ classifierThresholds: everything, timeBudget: budget }).assess([
        message('manda nudes'),
      ]);
      expect(findings).toEqual(await ruleOnly('manda nudes'));
    });
  });
});
