import type { Words } from './pt-BR';

/** Every text of the page in English, for browsers that prefer it. */
export const en: Words = {
  lang: 'en',
  title: 'Family protection',
  loading: 'Loading…',
  intro: {
    heading: (requester) => `${requester} asks for your permission`,
    someone: 'Someone in your family',
    forWhom: (name, minor) =>
      minor
        ? `To protect you, ${name}, from risks in your WhatsApp chats (you are under age: your family answers for you, but your word counts).`
        : `To protect you, ${name}, from risks in your WhatsApp chats.`,
    analysedHeading: 'What is analysed',
    analysed:
      'The messages you send and receive on WhatsApp are read by an automatic system that looks for signs of danger: scams, harassment, threats, self-harm.',
    seeHeading: 'What your family sees',
    see: 'A warning when there is a risk, with its kind and how serious it is. Only if they open the warning do they see a short excerpt, and you can see how many times that happened.',
    notSeeHeading: 'What your family does not see',
    notSee:
      'Your whole conversations, your photos, your voice notes, your passwords. Nothing is shown without a risk.',
    free: 'You decide. You can say no, and you can stop later, at any time, with this same link.',
    start: 'Start',
  },
  selfie: {
    heading: 'Step 1: a selfie',
    explain: 'To confirm that you are the one who agrees. Look at the camera, alone, your face visible.',
    capture: 'Take the selfie',
    retake: 'Take another',
    preview: 'Your selfie',
    camera: 'Camera image',
    noCamera: 'We could not open the camera. Allow the camera in your browser and try again.',
    openCamera: 'Open the camera',
  },
  audio: {
    heading: 'Step 2: read the phrase aloud',
    record: 'Record',
    rerecord: 'Record again',
    stop: 'Stop recording',
    recording: 'Recording… read the phrase, then tap stop.',
    playback: 'Listen to your recording',
    noMicrophone: 'We could not open the microphone. Allow the microphone in your browser and try again.',
  },
  evidence: {
    submit: 'Send selfie and audio',
    sending: 'Checking…',
    verified: 'All good: we recognised you and your reading.',
  },
  decision: {
    heading: 'Do you accept the protection?',
    accept: 'Yes, I accept',
    decline: 'No, I do not',
    declined:
      'That is fine. You said no, and nothing will be analysed. Your family learns that the answer was no.',
  },
  pairing: {
    heading: 'Connect your WhatsApp',
    start: 'Show the code',
    codeLabel: 'Your code',
    copy: 'Copy the code',
    copied: 'Code copied',
    expiresIn: (time) => `Valid for ${time} more`,
    expired: 'The code expired; a new one comes by itself.',
    steps: [
      'On your phone, open WhatsApp.',
      'Tap ⋮ (Android) or Settings (iPhone), then Linked devices.',
      'Tap Link a device, then Link with phone number instead.',
      'Type the code above.',
    ],
    passkeyHeading: 'Does WhatsApp show a number on your phone?',
    passkeyAsk: (code) => `Is it the same as this one: ${code}?`,
    passkeyYes: 'Yes, the same',
    passkeyNo: 'No, different',
    retry: 'Try again',
    live: 'Following live',
    reconnecting: 'No connection to the server; trying again…',
    toProtection: 'See my protection',
    status: {
      starting: 'Preparing the code…',
      challenge: 'Waiting for you to type the code in WhatsApp.',
      passkey: 'Confirm the number on your phone.',
      connecting: 'Connecting…',
      paired: 'Connected! Protection has started.',
      degraded: 'The connection dropped; we are reconnecting.',
      disconnected: 'The connection ended.',
      cancelled: 'The connection was cancelled.',
      revoked: 'The connection was ended.',
    },
    failure: {
      passkey_required: 'WhatsApp asked for a passkey, which we cannot use yet. Please try again later.',
      passkey_refused: 'You said the number was different, so we did not connect. Try again.',
      codes_exhausted: 'The codes ran out without being used. Try again.',
      other: 'We could not connect. Try again.',
    },
  },
  history: {
    heading: 'Reading your recent chats',
    warmup: {
      queued:
        'In line to read your recent chats once, so protection starts with context. Protection is already on.',
      started: 'Reading your recent chats once, so protection starts with context.',
      finished: 'Done: your recent chats were read. Protection goes on live.',
    },
    offer:
      'Your WhatsApp was disconnected for a while. Your family asked to read the chats of that time once. Accept with your phone on and online.',
    offerLeft: (time) => `The offer is valid for ${time} more.`,
    accept: 'Yes, read them now',
    lapsed: 'The offer expired. Your family can ask again.',
    accepted: 'Reading your recent chats now. Protection stays on.',
  },
  protection: {
    heading: 'Your protection',
    since: (when) => `Since ${when}`,
    state: {
      waiting_consent: 'Waiting for your answer.',
      declined: 'You said no.',
      ready_to_connect: 'You accepted. Your WhatsApp still needs connecting.',
      connecting: 'Connecting your WhatsApp.',
      warming_up:
        'You are protected. We are reading your recent chats once, so protection starts with context.',
      protecting: 'You are protected.',
      needs_you: 'Protection needs you: connect WhatsApp again.',
      paused: 'Your family paused the protection for a while.',
      stopped: 'You stopped the protection. Nothing is analysed any more.',
      ended: 'The protection has ended.',
    },
    reason: {
      consent_stopped_by_dependent:
        'Only a new permission from you protects again: ask your family for a new link.',
      identity_mismatch:
        "The WhatsApp connected belonged to another number, not yours. Connect your own number's WhatsApp.",
      passkey_required:
        'WhatsApp asked for a passkey and did not let the connection through. Try again later.',
      reconnecting:
        'The connection to your WhatsApp dropped. We are reconnecting by ourselves: nothing to do.',
      disconnected: 'Your WhatsApp disconnected. Connect it again to be protected again.',
      reconnect_required:
        'The linked device was removed in your WhatsApp. Connect it again to be protected again.',
      alert_open: 'Your family is looking at an alert.',
      paused_by_guardian: 'The protection comes back by itself when the pause ends.',
    },
    analysed: 'The messages of your WhatsApp are analysed, looking for signs of danger.',
    views: (count) =>
      count === 0
        ? 'In the last 30 days, your family opened no excerpt of your messages.'
        : count === 1
          ? 'In the last 30 days, your family opened an excerpt of your messages once.'
          : `In the last 30 days, your family opened an excerpt of your messages ${count} times.`,
    lastView: (when) => `The last time: ${when}.`,
    connect: 'Connect WhatsApp',
    stop: 'Stop the protection',
    stopAsk:
      'Stop for real? Nothing more will be analysed, and only a new permission from you protects again.',
    stopConfirm: 'Yes, stop',
    stopCancel: 'No, keep it',
  },
  deadEnd: {
    expired: 'This link expired or was replaced by a newer one. Ask your family for a new link.',
    notFound: 'This link does not exist. Check that it was copied whole.',
    replaced: 'There is a newer permission: use the latest link your family sent.',
    offline: 'No connection. Check the internet and try again.',
    retry: 'Try again',
  },
  errors: {
    SELFIE_NO_FACE: (faces) =>
      faces === 0 || faces === null
        ? 'We found no face in the selfie. Take another, your face well visible and lit.'
        : `We found ${faces} faces in the selfie. Take another, with only you in it.`,
    AUDIO_PHRASE_MISMATCH: (missing) =>
      missing.length > 0
        ? `We did not hear these words: ${missing.join(', ')}. Record again, reading the whole phrase.`
        : 'The recording does not match the phrase. Record again, reading the whole phrase.',
    AUDIO_UNINTELLIGIBLE: 'We could not understand the recording. Record again somewhere quiet.',
    EVIDENCE_VERIFICATION_UNAVAILABLE: 'The check is unavailable right now. Try again in a few minutes.',
    EVIDENCE_REQUIRED: 'Before answering, send the selfie and the audio.',
    CONSENT_ALREADY_GIVEN: 'You already accepted.',
    RATE_LIMITED: (seconds) =>
      seconds === null
        ? 'Too many attempts. Wait a little and try again.'
        : `Too many attempts. Try again in ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`,
    SEAT_NOT_ACTIVE: 'Your family is still finishing setting up the protection. Try again in a little while.',
    CHANNEL_NOT_ENABLED:
      'Your family is still finishing setting up the protection. Try again in a little while.',
    NO_PROXY_CAPACITY: 'The service is full right now. Try again in a few minutes.',
    PAIRING_NOT_AWAITING_CONFIRMATION: 'That question no longer applies; see the status below.',
    CONFLICT: 'Something changed at the same time. Try again.',
    CONSENT_NOT_GIVEN: 'No permission was given through this link.',
    STOPPED_BY_DEPENDENT: 'You stopped the protection. Only a new permission protects again.',
    CONSENT_REQUIRED: 'Before connecting, you need to accept.',
    RELATIONSHIP_REFUTED: 'The relationship check did not confirm your tie to your family. Talk to them.',
    PAIRING_EXISTS: 'A connection is already under way; see the status below.',
    DEPENDENT_PHONE_IS_GUARDIAN: "The phone on file for you is a family member's. Ask them to correct it.",
    DEPENDENT_INCOMPLETE: 'Your phone or document is missing on file. Ask your family to complete it.',
    CONFIRMATION_NOT_SUPPORTED: 'That confirmation does not apply here.',
    VALIDATION: 'We could not read what was sent. Try again.',
    NOT_IN_QUEUE: 'There is no read asked for to accept now.',
    NO_OPEN_OFFER: 'The read is still in line; the offer comes here when its turn comes.',
    OFFER_EXPIRED: 'The offer expired. Your family can ask again.',
    ALREADY_ADMITTED: 'The read has already started: nothing to do.',
    SEAT_KEY_GONE: 'The protection is not active in your family now, so there is nothing to read.',
    TOO_LARGE: 'The file got too large. Try again with a shorter recording.',
    other: 'Something went wrong. Try again.',
  },
  duration: (minutes, seconds) => `${minutes}:${String(seconds).padStart(2, '0')}`,
  dateTime: (iso) => new Date(iso).toLocaleString('en', { dateStyle: 'long', timeStyle: 'short' }),
};
