/*
 * The rule set that reads a lead out of a mail (docs/decisions/035-leads-inbound-mail.md): data,
 * not code per portal. Enquiry mails from portals, website forms and people forwarding them
 * write "Label: value" lines; these are the labels in English, Portuguese, Spanish, French and
 * German, each naming the field it fills. A new wording is a new entry here, and a fixture mail
 * with its expected parse under tests/fixtures/inbound-mail. No portal's layout is assumed.
 */

export type LeadField =
  | 'name'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'message'
  | 'viewingTimes'
  | 'reference'
  /** The listing as the mail names it (a title, a link): its codes may be reference codes. */
  | 'property'
  /** The "From:" line of a forwarded message's header block: the person who wrote it. */
  | 'forwardedFrom'
  /** The rest of a forwarded header block (date, subject, recipients): left out of the message. */
  | 'forwardedHeader'

/** Labels as people write them, lower case, without the colon. Longer labels are tried first. */
export const FIELD_LABELS: Record<LeadField, readonly string[]> = {
  name: [
    // en
    'name', 'full name', 'your name', 'contact name', 'customer name', 'client name',
    // pt
    'nome', 'nome completo', 'o seu nome', 'seu nome', 'nome do cliente',
    // es
    'nombre', 'nombre completo', 'su nombre', 'tu nombre', 'nombre y apellidos',
    // fr
    'nom', 'nom complet', 'votre nom', 'prénom et nom', 'nom et prénom',
    // de
    'vollständiger name', 'ihr name', 'vor- und nachname', 'kontaktname',
  ],
  firstName: ['first name', 'given name', 'primeiro nome', 'nome próprio', 'nombre de pila', 'prénom', 'vorname'],
  lastName: ['last name', 'surname', 'family name', 'apelido', 'sobrenome', 'apellido', 'apellidos', 'nom de famille', 'nachname', 'familienname'],
  email: [
    'email', 'e-mail', 'email address', 'e-mail address', 'your email', 'mail',
    'endereço de e-mail', 'endereço de email', 'correio eletrónico', 'correio eletrônico',
    'correo', 'correo electrónico', 'dirección de correo', 'correo-e',
    'courriel', 'adresse e-mail', 'adresse email', 'adresse électronique',
    'e-mail-adresse', 'emailadresse',
  ],
  phone: [
    'phone', 'telephone', 'tel', 'tel.', 'mobile', 'mobile phone', 'phone number', 'telephone number', 'cell', 'cell phone',
    'telefone', 'telemóvel', 'telemovel', 'celular', 'número de telefone', 'contacto telefónico', 'contato telefônico',
    'teléfono', 'telefono', 'móvil', 'movil', 'número de teléfono',
    'téléphone', 'telephone portable', 'portable', 'numéro de téléphone', 'tél', 'tél.',
    'telefon', 'telefonnummer', 'handy', 'mobil', 'mobilnummer', 'rufnummer',
  ],
  message: [
    'message', 'your message', 'comments', 'comment', 'enquiry', 'inquiry', 'question', 'details',
    'mensagem', 'a sua mensagem', 'sua mensagem', 'comentários', 'comentario', 'observações', 'pedido',
    'mensaje', 'su mensaje', 'tu mensaje', 'comentarios', 'consulta', 'observaciones',
    'votre message', 'commentaire', 'commentaires', 'demande',
    'nachricht', 'ihre nachricht', 'mitteilung', 'anfrage', 'kommentar', 'bemerkungen',
  ],
  viewingTimes: [
    'preferred viewing times', 'preferred viewing time', 'viewing times', 'preferred times', 'preferred time', 'availability',
    'horário preferido', 'horários preferidos', 'disponibilidade', 'horário para visita', 'horários para visita',
    'horario preferido', 'horarios preferidos', 'disponibilidad', 'horario de visita',
    'disponibilités', 'disponibilité', 'créneaux', 'créneaux de visite', 'horaires de visite',
    'verfügbarkeit', 'wunschtermin', 'besichtigungstermin', 'bevorzugte zeiten',
  ],
  reference: [
    'reference', 'ref', 'ref.', 'property reference', 'listing reference', 'property ref', 'property id', 'listing id',
    'referência', 'referencia', 'ref. do imóvel', 'referência do imóvel', 'código do imóvel', 'código',
    'referencia del inmueble', 'ref. del inmueble', 'código del inmueble',
    'référence', 'réf', 'réf.', 'référence du bien', 'référence annonce',
    'referenz', 'objektnummer', 'objekt-nr', 'objekt-nr.', 'objektreferenz', 'immobilien-id',
  ],
  property: [
    'property', 'listing', 'property link', 'listing link', 'advert',
    'imóvel', 'imovel', 'anúncio', 'anuncio', 'inmueble', 'propiedad', 'vivienda',
    'bien', 'propriété', 'annonce', 'logement',
    'objekt', 'immobilie', 'inserat', 'angebot',
  ],
  forwardedFrom: ['from', 'de', 'von', 'remetente', 'expéditeur', 'absender'],
  forwardedHeader: [
    'to', 'cc', 'sent', 'date', 'subject', 'reply-to',
    'para', 'enviado', 'enviada', 'data', 'assunto', 'fecha', 'asunto',
    'à', 'envoyé', 'objet', 'an', 'gesendet', 'datum', 'betreff',
  ],
}

/** Fields whose value runs on over the following lines until the next label. */
export const MULTILINE_FIELDS: ReadonlySet<LeadField> = new Set(['message', 'viewingTimes'])

/** Fields that a "Label:" line with nothing after it takes from the next line (tables turned into text). */
export const NEXT_LINE_FIELDS: ReadonlySet<LeadField> = new Set(['name', 'firstName', 'lastName', 'email', 'phone', 'reference', 'property', 'viewingTimes'])

/**
 * Lines that start a forwarded message ("---------- Forwarded message ---------", "-----Original
 * Message-----", "Begin forwarded message:", …): what follows is the enquiry itself.
 */
export const FORWARD_MARKERS: readonly RegExp[] = [
  /^-{2,}\s*(forwarded message|original message|mensagem encaminhada|mensagem original|mensaje reenviado|mensaje original|message transféré|message d'origine|message original|weitergeleitete nachricht|ursprüngliche nachricht|originalnachricht)\s*-{2,}\s*$/i,
  /^(begin forwarded message|início da mensagem encaminhada|inicio del mensaje reenviado|début du message réexpédié|anfang der weitergeleiteten nachricht)\s*:?\s*$/i,
]

/**
 * Senders that are machines, never the person enquiring: a portal's notification address is in
 * From, and the enquirer (when the portal gives one) in Reply-To or the body.
 */
export const MACHINE_SENDER = /^(no-?reply|do-?not-?reply|donotreply|nao-?responder|noresponder|ne-?pas-?repondre|keine-?antwort|mailer-daemon|postmaster|bounces?|notifications?|notify|alerts?|auto-?confirm|system)([+._-].*)?@/i

/**
 * A reference code after a word that announces it, in a subject or a line of text: "Ref. AB-123",
 * "Referência: 4471", "réf. n° 88/2". The code must hold a digit: "Ref: apartment" is no code.
 */
export const REFERENCE_IN_TEXT = /\b(?:ref(?:erence|erência|erencia|erenz)?|réf(?:érence)?|objekt-?nr)(?![\p{L}])\.?\s*(?:n[º°o.]\s*)?[:#]?\s*([A-Za-z0-9][A-Za-z0-9_./-]{0,39})/giu

/** A code as agencies write them: letters, digits and - _ . /, at most 40 characters. */
export const REFERENCE_CODE = /^[A-Za-z0-9][A-Za-z0-9_./-]{0,39}$/

/** Share links of this app, on any host (their 128-bit ids are what proves them). */
export const SHARE_LINK_PATH = /\/(?:preview|client-listing)\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/

/** Web addresses in text or in HTML attributes. */
export const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`)\]}]+/gi

export const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi

/** vCard attachments, by type or by file name. */
export const VCARD_TYPES: ReadonlySet<string> = new Set(['text/vcard', 'text/x-vcard', 'text/directory'])
export const VCARD_FILE_NAME = /\.vcf$/i
