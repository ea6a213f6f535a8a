import type { PersonProtection } from '../api';

/** Every text of the page in Portuguese (the default language). `en.ts` has the same shape. */
export const ptBR = {
  lang: 'pt-BR',
  title: 'Proteção da família',
  loading: 'Carregando…',
  intro: {
    heading: (requester: string) => `${requester} pede a sua permissão`,
    someone: 'Uma pessoa da sua família',
    forWhom: (name: string, minor: boolean) =>
      minor
        ? `Para proteger você, ${name}, de riscos nas conversas do WhatsApp (você é menor de idade: a sua família responde por você, mas a sua palavra conta).`
        : `Para proteger você, ${name}, de riscos nas conversas do WhatsApp.`,
    analysedHeading: 'O que é analisado',
    analysed:
      'As mensagens que chegam e saem no seu WhatsApp são lidas por um sistema automático que procura sinais de perigo: golpes, assédio, ameaças, automutilação.',
    seeHeading: 'O que a sua família vê',
    see: 'Um aviso quando há um risco, com o tipo e a gravidade. Só se abrirem o aviso, veem um trecho curto da conversa, e você pode saber quantas vezes isso aconteceu.',
    notSeeHeading: 'O que a sua família não vê',
    notSee:
      'As suas conversas inteiras, as suas fotos, os seus áudios, as suas senhas. Nada é mostrado sem um risco.',
    free: 'Você decide. Pode dizer não, e pode parar depois, a qualquer momento, por este mesmo link.',
    start: 'Começar',
  },
  selfie: {
    heading: 'Passo 1: uma selfie',
    explain: 'Para confirmar que é você quem aceita. Olhe para a câmera, sozinho(a), com o rosto visível.',
    capture: 'Tirar a selfie',
    retake: 'Tirar outra',
    preview: 'A sua selfie',
    camera: 'Imagem da câmera',
    noCamera: 'Não conseguimos abrir a câmera. Permita o uso da câmera no navegador e tente de novo.',
    openCamera: 'Abrir a câmera',
  },
  audio: {
    heading: 'Passo 2: leia a frase em voz alta',
    record: 'Gravar',
    rerecord: 'Gravar de novo',
    stop: 'Parar a gravação',
    recording: 'Gravando… leia a frase e depois toque em parar.',
    playback: 'Ouça a sua gravação',
    noMicrophone:
      'Não conseguimos abrir o microfone. Permita o uso do microfone no navegador e tente de novo.',
  },
  evidence: {
    submit: 'Enviar selfie e áudio',
    sending: 'Verificando…',
    verified: 'Tudo certo: reconhecemos você e a sua leitura.',
  },
  decision: {
    heading: 'Você aceita a proteção?',
    accept: 'Sim, aceito',
    decline: 'Não aceito',
    declined:
      'Tudo bem. Você não aceitou, e nada será analisado. A sua família fica sabendo que a resposta foi não.',
  },
  pairing: {
    heading: 'Conecte o seu WhatsApp',
    start: 'Mostrar o código',
    codeLabel: 'O seu código',
    copy: 'Copiar o código',
    copied: 'Código copiado',
    expiresIn: (time: string) => `Vale por mais ${time}`,
    expired: 'O código venceu; um novo chega sozinho.',
    steps: [
      'No seu celular, abra o WhatsApp.',
      'Toque em ⋮ (Android) ou em Configurações (iPhone) e depois em Aparelhos conectados.',
      'Toque em Conectar um aparelho e depois em Conectar com número de telefone.',
      'Digite o código acima.',
    ],
    passkeyHeading: 'O WhatsApp mostra um número no seu celular?',
    passkeyAsk: (code: string) => `Ele é igual a este: ${code}?`,
    passkeyYes: 'Sim, é igual',
    passkeyNo: 'Não, é diferente',
    retry: 'Tentar de novo',
    live: 'Acompanhando ao vivo',
    reconnecting: 'Sem conexão com o servidor; tentando de novo…',
    toProtection: 'Ver a minha proteção',
    status: {
      starting: 'Preparando o código…',
      challenge: 'Esperando você digitar o código no WhatsApp.',
      passkey: 'Confirme o número no seu celular.',
      connecting: 'Conectando…',
      paired: 'Conectado! A proteção começou.',
      degraded: 'A conexão caiu; estamos reconectando.',
      disconnected: 'A conexão terminou.',
      cancelled: 'A conexão foi cancelada.',
      revoked: 'A conexão foi encerrada.',
    },
    failure: {
      passkey_required:
        'O WhatsApp pediu uma chave de acesso (passkey), que ainda não conseguimos usar. Tente de novo mais tarde.',
      passkey_refused: 'Você disse que o número era diferente, então não conectamos. Tente de novo.',
      codes_exhausted: 'Os códigos acabaram sem ser usados. Tente de novo.',
      other: 'Não foi possível conectar. Tente de novo.',
    },
  },
  history: {
    heading: 'Leitura das conversas recentes',
    warmup: {
      queued:
        'Na fila para ler uma vez as suas conversas recentes, para a proteção começar com contexto. A proteção já está ligada.',
      started: 'Lendo uma vez as suas conversas recentes, para a proteção começar com contexto.',
      finished: 'Pronto: as suas conversas recentes foram lidas. A proteção segue ao vivo.',
    },
    offer:
      'O seu WhatsApp ficou desconectado por um tempo. A sua família pediu para ler uma vez as conversas desse período. Aceite com o celular ligado e com internet.',
    offerLeft: (time: string) => `A oferta vale por mais ${time}.`,
    accept: 'Sim, pode ler agora',
    lapsed: 'A oferta expirou. A sua família pode pedir de novo.',
    accepted: 'Lendo as suas conversas recentes agora. A proteção continua ligada.',
  },
  protection: {
    heading: 'A sua proteção',
    since: (when: string) => `Desde ${when}`,
    state: {
      waiting_consent: 'Esperando a sua resposta.',
      declined: 'Você não aceitou.',
      ready_to_connect: 'Você aceitou. Falta conectar o seu WhatsApp.',
      connecting: 'Conectando o seu WhatsApp.',
      warming_up:
        'Você está protegido(a). Estamos lendo as suas conversas recentes uma vez, para a proteção começar com contexto.',
      protecting: 'Você está protegido(a).',
      needs_you: 'A proteção precisa de você: conecte o WhatsApp de novo.',
      paused: 'A sua família pausou a proteção por um tempo.',
      stopped: 'Você parou a proteção. Nada mais é analisado.',
      ended: 'A proteção terminou.',
    },
    /** Why, when the view says (`reason`); never a reason the person gave. */
    reason: {
      consent_stopped_by_dependent:
        'Só uma nova permissão sua volta a proteger: peça à sua família um link novo.',
      identity_mismatch:
        'O WhatsApp conectado era de outro número, não o seu. Conecte o WhatsApp do seu próprio número.',
      passkey_required:
        'O WhatsApp pediu uma chave de acesso (passkey) e não deixou conectar. Tente de novo mais tarde.',
      reconnecting:
        'A conexão com o seu WhatsApp caiu. Estamos reconectando sozinhos, você não precisa fazer nada.',
      disconnected: 'O seu WhatsApp se desconectou. Conecte de novo para voltar a ser protegido(a).',
      reconnect_required:
        'O aparelho conectado foi removido no seu WhatsApp. Conecte de novo para voltar a ser protegido(a).',
      alert_open: 'A sua família está vendo um alerta.',
      paused_by_guardian: 'A proteção volta sozinha quando a pausa acabar.',
    } satisfies Record<NonNullable<PersonProtection['reason']>, string>,
    analysed: 'São analisadas as mensagens do seu WhatsApp, à procura de sinais de perigo.',
    views: (count: number) =>
      count === 0
        ? 'Nos últimos 30 dias, a sua família não abriu nenhum trecho das suas mensagens.'
        : count === 1
          ? 'Nos últimos 30 dias, a sua família abriu 1 vez um trecho das suas mensagens.'
          : `Nos últimos 30 dias, a sua família abriu ${count} vezes um trecho das suas mensagens.`,
    lastView: (when: string) => `A última vez: ${when}.`,
    connect: 'Conectar o WhatsApp',
    stop: 'Parar a proteção',
    stopAsk: 'Parar mesmo? Nada mais será analisado, e só uma nova permissão sua volta a proteger.',
    stopConfirm: 'Sim, parar',
    stopCancel: 'Não, continuar',
  },
  deadEnd: {
    expired: 'Este link venceu ou foi trocado por um mais novo. Peça à sua família um link novo.',
    notFound: 'Este link não existe. Confira se ele foi copiado inteiro.',
    replaced: 'Existe uma permissão mais nova: use o último link que a sua família enviou.',
    offline: 'Sem conexão. Confira a internet e tente de novo.',
    retry: 'Tentar de novo',
  },
  errors: {
    SELFIE_NO_FACE: (faces: number | null) =>
      faces === 0 || faces === null
        ? 'Não encontramos um rosto na selfie. Tire outra, com o rosto bem visível e com luz.'
        : `Encontramos ${faces} rostos na selfie. Tire outra, só você na imagem.`,
    AUDIO_PHRASE_MISMATCH: (missing: string[]) =>
      missing.length > 0
        ? `Não ouvimos estas palavras: ${missing.join(', ')}. Grave de novo, lendo a frase inteira.`
        : 'A gravação não corresponde à frase. Grave de novo, lendo a frase inteira.',
    AUDIO_UNINTELLIGIBLE: 'Não conseguimos entender a gravação. Grave de novo, num lugar silencioso.',
    EVIDENCE_VERIFICATION_UNAVAILABLE:
      'A verificação está fora do ar agora. Tente de novo em alguns minutos.',
    EVIDENCE_REQUIRED: 'Antes de responder, envie a selfie e o áudio.',
    CONSENT_ALREADY_GIVEN: 'Você já aceitou.',
    RATE_LIMITED: (seconds: number | null) =>
      seconds === null
        ? 'Muitas tentativas. Espere um pouco e tente de novo.'
        : `Muitas tentativas. Tente de novo em ${seconds < 120 ? `${seconds} segundos` : `${Math.ceil(seconds / 60)} minutos`}.`,
    SEAT_NOT_ACTIVE:
      'A sua família ainda está terminando de preparar a proteção. Tente de novo daqui a pouco.',
    CHANNEL_NOT_ENABLED:
      'A sua família ainda está terminando de preparar a proteção. Tente de novo daqui a pouco.',
    NO_PROXY_CAPACITY: 'O serviço está cheio agora. Tente de novo em alguns minutos.',
    PAIRING_NOT_AWAITING_CONFIRMATION: 'Essa pergunta já não vale; veja o estado abaixo.',
    CONFLICT: 'Algo mudou ao mesmo tempo. Tente de novo.',
    CONSENT_NOT_GIVEN: 'Não há uma permissão dada por este link.',
    STOPPED_BY_DEPENDENT: 'Você parou a proteção. Só uma nova permissão volta a proteger.',
    CONSENT_REQUIRED: 'Antes de conectar, é preciso aceitar.',
    RELATIONSHIP_REFUTED:
      'A verificação do parentesco não confirmou a ligação com a sua família. Fale com ela.',
    PAIRING_EXISTS: 'Já existe uma conexão em andamento; veja o estado abaixo.',
    DEPENDENT_PHONE_IS_GUARDIAN:
      'O telefone cadastrado para você é o de alguém da família. Peça que corrijam.',
    DEPENDENT_INCOMPLETE:
      'Faltam o seu telefone ou o seu documento no cadastro. Peça à sua família que complete.',
    CONFIRMATION_NOT_SUPPORTED: 'Essa confirmação não se aplica aqui.',
    VALIDATION: 'Não conseguimos ler o que foi enviado. Tente de novo.',
    NOT_IN_QUEUE: 'Não há leitura pedida para aceitar agora.',
    NO_OPEN_OFFER: 'A leitura ainda está na fila; a oferta chega aqui quando for a sua vez.',
    OFFER_EXPIRED: 'A oferta expirou. A sua família pode pedir de novo.',
    ALREADY_ADMITTED: 'A leitura já começou: não há nada a fazer.',
    SEAT_KEY_GONE: 'A proteção não está ativa na sua família agora, então não há o que ler.',
    TOO_LARGE: 'O arquivo ficou grande demais. Tente de novo, com uma gravação mais curta.',
    other: 'Algo deu errado. Tente de novo.',
  },
  duration: (minutes: number, seconds: number) => `${minutes}:${String(seconds).padStart(2, '0')}`,
  dateTime: (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'long', timeStyle: 'short' }),
};

export type Words = typeof ptBR;
