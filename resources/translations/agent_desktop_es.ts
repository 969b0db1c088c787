<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>unknown (not installed as a package)</source>
        <translation>desconocida (no instalado como paquete)</translation>
    </message>
    <message>
        <source>About Agent Desktop</source>
        <translation>Acerca de Agent Desktop</translation>
    </message>
    <message>
        <source>&lt;b&gt;Agent Desktop&lt;/b&gt;</source>
        <translation>&lt;b&gt;Agent Desktop&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Version {version}&lt;br&gt;Python {python} · Qt for Python {pyside}</source>
        <translation>Versión {version}&lt;br&gt;Python {python} · Qt for Python {pyside}</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Carpeta de datos</translation>
    </message>
    <message>
        <source>Settings folder</source>
        <translation>Carpeta de configuración</translation>
    </message>
    <message>
        <source>Log folder</source>
        <translation>Carpeta de registros</translation>
    </message>
    <message>
        <source>{label}:</source>
        <translation>{label}:</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <source>Open {folder}</source>
        <translation>Abrir {folder}</translation>
    </message>
</context>
<context>
    <name>ActionDialogs</name>
    <message>
        <source>The action failed ({kind}).</source>
        <translation>La acción ha fallado ({kind}).</translation>
    </message>
    <message>
        <source>The action failed.</source>
        <translation>La acción ha fallado.</translation>
    </message>
    <message>
        <source>Reported by the plugin “{plugin}”.</source>
        <translation>Lo ha notificado el complemento «{plugin}».</translation>
    </message>
</context>
<context>
    <name>ActionField</name>
    <message>
        <source>Choose…</source>
        <translation>Elegir…</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Trabajando…</translation>
    </message>
</context>
<context>
    <name>ActionFormDialog</name>
    <message>
        <source>Some inputs of this action could not be shown:</source>
        <translation>Algunos datos de esta acción no se han podido mostrar:</translation>
    </message>
</context>
<context>
    <name>ActionProgressDialog</name>
    <message>
        <source>Running “{action}”…</source>
        <translation>Ejecutando «{action}»…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelando…</translation>
    </message>
</context>
<context>
    <name>ActionResultDialog</name>
    <message>
        <source>“{action}” failed</source>
        <translation>«{action}» ha fallado</translation>
    </message>
</context>
<context>
    <name>AgentBar</name>
    <message>
        <source>Status bar</source>
        <translation>Barra de estado</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Request state</source>
        <translation>Estado de la solicitud</translation>
    </message>
    <message>
        <source>{provider} on {server}</source>
        <translation>{provider} en {server}</translation>
    </message>
    <message>
        <source>Agent “{agent}” is not ready: {error}</source>
        <translation>El agente «{agent}» no está listo: {error}</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
</context>
<context>
    <name>Agents</name>
    <message>
        <source>Agent {number}</source>
        <translation>Agente {number}</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Predeterminado</translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <source>Add a provider on the Providers page first</source>
        <translation>Añade primero un proveedor en la página Proveedores</translation>
    </message>
    <message>
        <source>Enabled plugins</source>
        <translation>Complementos activados</translation>
    </message>
    <message>
        <source>Unchecked plugins are turned off for this agent.</source>
        <translation>Los complementos sin marcar se desactivan para este agente.</translation>
    </message>
    <message>
        <source>{names} has its own field above; set it there.</source>
        <translation>{names} tiene su propio campo arriba; configúralo allí.</translation>
    </message>
    <message>
        <source>Model id</source>
        <translation>ID del modelo</translation>
    </message>
    <message>
        <source>{model} (the provider&apos;s default)</source>
        <translation>{model} (el predeterminado del proveedor)</translation>
    </message>
</context>
<context>
    <name>AppViewController</name>
    <message>
        <source>The view could not be read: {why}</source>
        <translation>No se ha podido leer la vista: {why}</translation>
    </message>
    <message>
        <source>Refused the view&apos;s call to {tool}: {why}</source>
        <translation>Se ha rechazado la llamada de la vista a {tool}: {why}</translation>
    </message>
</context>
<context>
    <name>AppViewPrompts</name>
    <message>
        <source>Open {host}</source>
        <translation>Abrir {host}</translation>
    </message>
    <message>
        <source>Open a link?</source>
        <translation>¿Abrir un enlace?</translation>
    </message>
    <message>
        <source>The view of {server} wants to open {url} in your browser.</source>
        <translation>La vista de {server} quiere abrir {url} en tu navegador.</translation>
    </message>
    <message>
        <source>Don&apos;t open</source>
        <translation>No abrir</translation>
    </message>
    <message>
        <source>Send as my message</source>
        <translation>Enviar como mi mensaje</translation>
    </message>
    <message>
        <source>Send a message?</source>
        <translation>¿Enviar un mensaje?</translation>
    </message>
    <message>
        <source>The view of {server} wants to send this message as yours:

{text}</source>
        <translation>La vista de {server} quiere enviar este mensaje como tuyo:

{text}</translation>
    </message>
    <message>
        <source>Don&apos;t send</source>
        <translation>No enviar</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Permitir una vez</translation>
    </message>
    <message>
        <source>Allow for this chat</source>
        <translation>Permitir en esta conversación</translation>
    </message>
    <message>
        <source>Allow a tool call?</source>
        <translation>¿Permitir una llamada a herramienta?</translation>
    </message>
    <message>
        <source>A view wants to run {call}.</source>
        <translation>Una vista quiere ejecutar {call}.</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Denegar</translation>
    </message>
</context>
<context>
    <name>AppViewWidget</name>
    <message>
        <source>Interactive view of {title}</source>
        <translation>Vista interactiva de {title}</translation>
    </message>
    <message>
        <source>Blocked: {what}</source>
        <translation>Bloqueado: {what}</translation>
    </message>
    <message>
        <source>the app runs as root</source>
        <translation>la aplicación se ejecuta como root</translation>
    </message>
    <message>
        <source>this system allows no user namespaces</source>
        <translation>este sistema no permite espacios de nombres de usuario</translation>
    </message>
    <message>
        <source>Flatpak&apos;s own sandbox holds the app</source>
        <translation>el propio sandbox de Flatpak contiene la aplicación</translation>
    </message>
    <message>
        <source>Chromium&apos;s sandbox is off: {why}. The view&apos;s frame, policy and request filter still hold it.</source>
        <translation>El sandbox de Chromium está desactivado: {why}. El marco, la política y el filtro de solicitudes de la vista siguen limitándola.</translation>
    </message>
    <message>
        <source>The view stopped: {why}. The chat goes on.</source>
        <translation>La vista se ha detenido: {why}. La conversación continúa.</translation>
    </message>
    <message>
        <source>Esc leaves full screen</source>
        <translation>Esc sale de la pantalla completa</translation>
    </message>
    <message>
        <source>Loading the view…</source>
        <translation>Cargando la vista…</translation>
    </message>
</context>
<context>
    <name>ApprovalPrompt</name>
    <message>
        <source>Allow once</source>
        <extracomment>The answers, with their buttons&apos; words (translated when the prompt is built).</extracomment>
        <translation>Permitir una vez</translation>
    </message>
    <message>
        <source>Run this call once</source>
        <translation>Ejecutar esta llamada solo una vez</translation>
    </message>
    <message>
        <source>Allow for this session</source>
        <translation>Permitir durante esta sesión</translation>
    </message>
    <message>
        <source>Run this tool without asking until the app quits</source>
        <translation>Ejecutar esta herramienta sin preguntar hasta cerrar la aplicación</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>Permitir siempre</translation>
    </message>
    <message>
        <source>Never ask again for this tool (revocable in Settings)</source>
        <translation>No volver a preguntar por esta herramienta (se puede revocar en Configuración)</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Denegar</translation>
    </message>
    <message>
        <source>Do not run it; the model is told why</source>
        <translation>No ejecutarla; el modelo sabrá por qué</translation>
    </message>
    <message>
        <source>It runs on the agent server {server}, not on this computer.</source>
        <translation>Se ejecuta en el servidor de agentes {server}, no en este equipo.</translation>
    </message>
    <message>
        <source>Its definition changed since you approved it: check what it does now.</source>
        <translation>Su definición ha cambiado desde que la aprobaste: comprueba qué hace ahora.</translation>
    </message>
    <message>
        <source>It may delete or overwrite things.</source>
        <translation>Puede eliminar o sobrescribir cosas.</translation>
    </message>
    <message>
        <source>It reaches outside this computer (network).</source>
        <translation>Accede a recursos fuera de este equipo (red).</translation>
    </message>
    <message>
        <source>It describes itself as: “{description}”</source>
        <translation>Se describe a sí misma así: «{description}»</translation>
    </message>
    <message>
        <source>From the MCP server “{server}”: its description and hints are the server&apos;s claims.</source>
        <translation>Del servidor MCP «{server}»: su descripción y sus indicaciones son afirmaciones del propio servidor.</translation>
    </message>
    <message>
        <source>Approve tool {tool_name}</source>
        <translation>Aprobar la herramienta {tool_name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{tool_name}&lt;/b&gt; wants to run. Allow it? &lt;span style=&apos;opacity:0.7&apos;&gt;({shortcut} to get here)&lt;/span&gt;</source>
        <translation>&lt;b&gt;{tool_name}&lt;/b&gt; quiere ejecutarse. ¿Lo permites? &lt;span style=&apos;opacity:0.7&apos;&gt;({shortcut} para venir aquí)&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Always allow {rule}</source>
        <translation>Permitir siempre {rule}</translation>
    </message>
    <message>
        <source>Run this tool without asking for calls like this one (revocable in Settings → Tools)</source>
        <translation>Ejecutar esta herramienta sin preguntar en llamadas como esta (se puede revocar en Configuración → Herramientas)</translation>
    </message>
    <message>
        <source>{label}: {tool_name}</source>
        <translation>{label}: {tool_name}</translation>
    </message>
    <message>
        <source>Reason for denying (optional)</source>
        <translation>Motivo de la denegación (opcional)</translation>
    </message>
    <message>
        <source>Reason for denying</source>
        <translation>Motivo de la denegación</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Editar…</translation>
    </message>
    <message>
        <source>Change what the call says before you allow it</source>
        <translation>Cambia lo que dice la llamada antes de permitirla</translation>
    </message>
    <message>
        <source>Edit before allowing: {tool}</source>
        <translation>Editar antes de permitir: {tool}</translation>
    </message>
    <message>
        <source>Argument {name}</source>
        <translation>Argumento {name}</translation>
    </message>
</context>
<context>
    <name>AskSeveralButton</name>
    <message>
        <source>Ask several</source>
        <translation>Preguntar a varios</translation>
    </message>
    <message>
        <source>Ask several models</source>
        <translation>Preguntar a varios modelos</translation>
    </message>
    <message>
        <source>Send the message to 2–4 models at once and compare</source>
        <translation>Envía el mensaje a 2–4 modelos a la vez y compara</translation>
    </message>
</context>
<context>
    <name>AskSeveralPopup</name>
    <message>
        <source>Ask several models</source>
        <extracomment>Rows the model list shows before it scrolls.</extracomment>
        <translation>Preguntar a varios modelos</translation>
    </message>
    <message>
        <source>Check {low} to {high} models: the message goes to each of them.</source>
        <translation>Marca de {low} a {high} modelos: el mensaje se envía a cada uno.</translation>
    </message>
    <message>
        <source>Models to ask</source>
        <translation>Modelos a los que preguntar</translation>
    </message>
    <message>
        <source>Model list state</source>
        <translation>Estado de la lista de modelos</translation>
    </message>
    <message>
        <source>Type the message first (or attach a file): Send waits for it.</source>
        <translation>Escriba primero el mensaje (o adjunte un archivo): «Enviar» lo espera.</translation>
    </message>
    <message>
        <source>Your message to each model</source>
        <translation>Tu mensaje para cada modelo</translation>
    </message>
    <message>
        <source>Message to send</source>
        <translation>Mensaje que se enviará</translation>
    </message>
    <message>
        <source>Listing models…</source>
        <translation>Obteniendo los modelos…</translation>
    </message>
    <message>
        <source>{model} — {provider}</source>
        <translation>{model} — {provider}</translation>
    </message>
    <message numerus="yes">
        <source>Send to %n models</source>
        <translation>
            <numerusform>Enviar a %n modelo</numerusform>
            <numerusform>Enviar a %n modelos</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AttachmentChip</name>
    <message>
        <source>preparing…</source>
        <translation>preparando…</translation>
    </message>
    <message>
        <source>Attachment {name}, {size}</source>
        <translation>Adjunto {name}, {size}</translation>
    </message>
    <message>
        <source>Thumbnail of {name}</source>
        <translation>Miniatura de {name}</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>Quitar {name}</translation>
    </message>
    <message>
        <source>Remove attachment {name}</source>
        <translation>Quitar el adjunto {name}</translation>
    </message>
</context>
<context>
    <name>AttachmentPreview</name>
    <message>
        <source>Attachment {name}</source>
        <translation>Adjunto {name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{facts}</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{facts}</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Cargando…</translation>
    </message>
    <message>
        <source>Attachment preview</source>
        <translation>Vista previa del adjunto</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Guardar como…</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <source>Open with the system&apos;s viewer for this kind of file</source>
        <translation>Abrir con el visor del sistema para este tipo de archivo</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>This picture cannot be shown (its data is missing or damaged).</source>
        <translation>Esta imagen no se puede mostrar (faltan datos o están dañados).</translation>
    </message>
    <message>
        <source>Save {name}</source>
        <translation>Guardar {name}</translation>
    </message>
    <message>
        <source>Writing {name}…</source>
        <translation>Escribiendo {name}…</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}.</source>
        <translation>No se ha podido escribir {path}: {reason}.</translation>
    </message>
    <message>
        <source>{problem} Choose another place or free some space.</source>
        <translation>{problem} Elige otra ubicación o libera espacio.</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>Guardado en {path}.</translation>
    </message>
</context>
<context>
    <name>ChatColumn</name>
    <message>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <source>Session toolbar</source>
        <translation>Barra de herramientas de la sesión</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>Título de la conversación</translation>
    </message>
    <message>
        <source>Own instructions</source>
        <translation>Instrucciones propias</translation>
    </message>
    <message>
        <source>This chat has its own instructions</source>
        <translation>Esta conversación tiene sus propias instrucciones</translation>
    </message>
    <message>
        <source>This chat uses its own instructions instead of its agent&apos;s. Click to edit.</source>
        <translation>Esta conversación usa sus propias instrucciones en lugar de las de su agente. Haz clic para editarlas.</translation>
    </message>
    <message>
        <source>Chat actions menu</source>
        <translation>Menú de acciones de la conversación</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Acciones</translation>
    </message>
    <message>
        <source>Chat actions</source>
        <translation>Acciones de la conversación</translation>
    </message>
    <message>
        <source>What the agent&apos;s plugins can do with this chat</source>
        <translation>Lo que los complementos del agente pueden hacer con esta conversación</translation>
    </message>
</context>
<context>
    <name>ChatCommands</name>
    <message>
        <source>This chat is kept on its agent server; export works for chats of this computer.</source>
        <translation>Esta conversación se guarda en su servidor de agentes; solo se pueden exportar las conversaciones de este equipo.</translation>
    </message>
    <message>
        <source>This chat runs on an agent server, and schedules run chats of this computer: use Schedules… to schedule a new chat here instead.</source>
        <translation>Esta conversación se ejecuta en un servidor de agentes y las programaciones ejecutan conversaciones de este equipo: usa Programaciones… para programar aquí una conversación nueva.</translation>
    </message>
</context>
<context>
    <name>ChatDelegate</name>
    <message>
        <source>You</source>
        <extracomment>The rows&apos; headers and tool states, translated where drawn.</extracomment>
        <translation>Tú</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Asistente</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>Tool servers</source>
        <translation>Servidores de herramientas</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Resumen</translation>
    </message>
    <message>
        <source>preparing…</source>
        <translation>en preparación…</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>en espera</translation>
    </message>
    <message>
        <source>needs approval</source>
        <translation>requiere aprobación</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en ejecución</translation>
    </message>
    <message>
        <source>done</source>
        <translation>hecho</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fallido</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>denegada</translation>
    </message>
    <message>
        <source>cancelled by you</source>
        <translation>cancelada por ti</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>escribiendo…</translation>
    </message>
    <message numerus="yes">
        <source>Reasoning (%n words)</source>
        <translation>
            <numerusform>Razonamiento (%n palabra)</numerusform>
            <numerusform>Razonamiento (%n palabras)</numerusform>
        </translation>
    </message>
    <message>
        <source>{state} · &lt; {seconds} s</source>
        <translation>{state} · &lt; {seconds} s</translation>
    </message>
    <message>
        <source>{state} · {seconds} s</source>
        <translation>{state} · {seconds} s</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumentos</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Salida</translation>
    </message>
</context>
<context>
    <name>ChatLayout</name>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Reintentar</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>The server named the model that answered “{server_model}”.</source>
        <translation>El servidor llamó «{server_model}» al modelo que respondió.</translation>
    </message>
    <message>
        <source>[{kind}: could not be shown]</source>
        <translation>[{kind}: no se puede mostrar]</translation>
    </message>
</context>
<context>
    <name>ChatModel</name>
    <message>
        <source>Enter shows or hides the call&apos;s arguments and output.</source>
        <translation>Intro muestra u oculta los argumentos y la salida de la llamada.</translation>
    </message>
    <message>
        <source>C copies, E edits, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C copia, E edita, Supr elimina, Izquierda y Derecha eligen una acción e Intro la ejecuta; la tecla de menú muestra todas las acciones.</translation>
    </message>
    <message>
        <source>C copies, R retries, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C copia, R reintenta, Supr elimina, Izquierda y Derecha eligen una acción e Intro la ejecuta; la tecla de menú muestra todas las acciones.</translation>
    </message>
    <message>
        <source>C copies, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C copia, Supr elimina, Izquierda y Derecha eligen una acción e Intro la ejecuta; la tecla de menú muestra todas las acciones.</translation>
    </message>
    <message>
        <source>The request failed.</source>
        <translation>La solicitud ha fallado.</translation>
    </message>
</context>
<context>
    <name>ChatSending</name>
    <message>
        <source>Type the message for the models first, then choose them.</source>
        <translation>Escribe primero el mensaje para los modelos y después elígelos.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Deteniendo…</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Regenerate</source>
        <translation>Regenerar</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>Versión anterior</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>Versión siguiente</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Conversación</translation>
    </message>
    <message>
        <source>{role} message {number}</source>
        <translation>Mensaje {number} de {role}</translation>
    </message>
    <message>
        <source>{role} message</source>
        <translation>Mensaje de {role}</translation>
    </message>
    <message>
        <source>denied by you</source>
        <translation>denegada por ti</translation>
    </message>
    <message>
        <source>Code copied</source>
        <translation>Código copiado</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>Acciones del mensaje</translation>
    </message>
    <message>
        <source>Fork chat from here</source>
        <translation>Bifurcar la conversación desde aquí</translation>
    </message>
    <message>
        <source>A new chat with the messages up to this one</source>
        <translation>Una conversación nueva con los mensajes hasta este</translation>
    </message>
    <message>
        <source>Show all text</source>
        <translation>Mostrar todo el texto</translation>
    </message>
    <message>
        <source>Show the view full screen</source>
        <translation>Mostrar la vista a pantalla completa</translation>
    </message>
    <message>
        <source>Message copied</source>
        <translation>Mensaje copiado</translation>
    </message>
</context>
<context>
    <name>CollectionPage</name>
    <message>
        <source>New {noun} id</source>
        <extracomment>Marked in PAGE_WORDS like the title; `noun` also names the list for tests and styles. New entries are named by typing an id (MCP servers); otherwise `add_clicked` makes one. The config section the entries live in (its unreadable entries are listed on the page).</extracomment>
        <translation>Id. del nuevo {noun}</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Añadir</translation>
    </message>
    <message>
        <source>Add {noun}</source>
        <translation>Añadir {noun}</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>No {noun} yet: add one on the left.</source>
        <translation>Aún no hay {noun}: añade uno a la izquierda.</translation>
    </message>
    <message>
        <source>Type an id for the new {noun} first.</source>
        <translation>Escribe primero un id para el nuevo {noun}.</translation>
    </message>
    <message>
        <source>There is already a {noun} “{entry_id}”.</source>
        <translation>Ya hay un {noun} «{entry_id}».</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>Corrige primero los campos resaltados de «{current_id}».</translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>Answers side by side</source>
        <translation>Respuestas en paralelo</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Close the answers side by side</source>
        <translation>Cerrar las respuestas en paralelo</translation>
    </message>
    <message numerus="yes">
        <source>%n models answer; each answer is kept as a version (‹ ›).</source>
        <translation>
            <numerusform>Responde %n modelo; cada respuesta se guarda como una versión (‹ ›).</numerusform>
            <numerusform>Responden %n modelos; cada respuesta se guarda como una versión (‹ ›).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Completion</name>
    <message>
        <source>Arguments for {command}</source>
        <translation>Argumentos de {command}</translation>
    </message>
    <message>
        <source>{command}: arguments</source>
        <translation>{command}: argumentos</translation>
    </message>
    <message>
        <source>The prompt {command} failed: {error}</source>
        <translation>La instrucción {command} ha fallado: {error}</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Drop the files here to attach them to your message</source>
        <translation>Suelta aquí los archivos para adjuntarlos al mensaje</translation>
    </message>
    <message>
        <source>Composer</source>
        <translation>Redactor</translation>
    </message>
    <message>
        <source>Attachment problem</source>
        <translation>Problema con el adjunto</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Adjuntar archivos</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>Enviar mensaje</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Stop generating (Esc)</source>
        <translation>Detener la generación (Esc)</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>Detener la generación</translation>
    </message>
    <message>
        <source>The attachments are still being prepared; send in a moment.</source>
        <translation>Los adjuntos aún se están preparando; envía dentro de un momento.</translation>
    </message>
    <message>
        <source>Choose files to attach</source>
        <translation>Elige los archivos que quieres adjuntar</translation>
    </message>
    <message>
        <source>Still starting up; attach the files again in a moment.</source>
        <translation>Aún se está iniciando; vuelve a adjuntar los archivos dentro de un momento.</translation>
    </message>
    <message>
        <source>Still starting up; paste the image again in a moment.</source>
        <translation>Aún se está iniciando; vuelve a pegar la imagen dentro de un momento.</translation>
    </message>
    <message>
        <source>Could not attach the files: {error}</source>
        <translation>No se han podido adjuntar los archivos: {error}</translation>
    </message>
    <message>
        <source>Still starting up; attach it again in a moment.</source>
        <translation>Aún se está iniciando; vuelve a adjuntarlo dentro de un momento.</translation>
    </message>
    <message>
        <source>Could not attach it: {error}</source>
        <translation>No se ha podido adjuntar: {error}</translation>
    </message>
    <message>
        <source>“{name}” is already attached.</source>
        <translation>«{name}» ya está adjunto.</translation>
    </message>
    <message>
        <source>“{name}” is already attached (as “{twin}”).</source>
        <translation>«{name}» ya está adjunto (como «{twin}»).</translation>
    </message>
    <message>
        <source>The model {model} does not take images: it would get the message without them. Pick a model marked for images in the model picker.</source>
        <translation>El modelo {model} no admite imágenes: recibiría el mensaje sin ellas. Elige en el selector de modelos uno marcado para imágenes.</translation>
    </message>
    <message numerus="yes">
        <source>Attached %n file(s) from “{name}”.</source>
        <translation>
            <numerusform>Se ha adjuntado %n archivo de «{name}».</numerusform>
            <numerusform>Se han adjuntado %n archivos de «{name}».</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComposerEdit</name>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <source>Message the agent…  (Enter to send, Shift+Enter for a new line)</source>
        <translation>Escribe al agente…  (Intro para enviar, Mayús+Intro para una línea nueva)</translation>
    </message>
    <message>
        <source>Ctrl+Enter to send</source>
        <translation>Ctrl+Intro para enviar</translation>
    </message>
    <message>
        <source>Enter to send, Shift+Enter for a new line</source>
        <translation>Intro para enviar, Mayús+Intro para una línea nueva</translation>
    </message>
    <message>
        <source>Message the agent…  ({hint})</source>
        <translation>Escribe al agente…  ({hint})</translation>
    </message>
</context>
<context>
    <name>ConfirmActionDialog</name>
    <message>
        <source>Run “{action}”?</source>
        <translation>¿Ejecutar «{action}»?</translation>
    </message>
</context>
<context>
    <name>ConnectServerDialog</name>
    <message>
        <source>Connect to an agent server</source>
        <translation>Conectar con un servidor de agentes</translation>
    </message>
    <message>
        <source>Chat with an agent that runs on another computer or without a window. Start it there with &apos;agent-desktop serve&apos; and type what it printed.</source>
        <translation>Conversa con un agente que se ejecuta en otro equipo o sin ventana. Inícialo allí con &apos;agent-desktop serve&apos; y escribe lo que haya mostrado.</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Dirección del servidor</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Dirección</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>Token de acceso</translation>
    </message>
    <message>
        <source>Start an agent server on this computer…</source>
        <translation>Iniciar un servidor de agentes en este equipo…</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Conectar</translation>
    </message>
    <message>
        <source>The server&apos;s certificate fingerprint (SHA-256) is {fingerprint}. Check that it is the one &apos;agent-desktop serve&apos; printed, then press Connect to trust it.</source>
        <translation>La huella del certificado del servidor (SHA-256) es {fingerprint}. Comprueba que coincide con la que mostró &apos;agent-desktop serve&apos; y pulsa Conectar para confiar en él.</translation>
    </message>
</context>
<context>
    <name>ConversationBinding</name>
    <message>
        <source>Preparing the new chat…</source>
        <translation>Preparando la nueva conversación…</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Escribiendo…</translation>
    </message>
    <message>
        <source>Approval needed: {tool}</source>
        <translation>Requiere aprobación: {tool}</translation>
    </message>
    <message>
        <source>Asking several models…</source>
        <translation>Preguntando a varios modelos…</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Pensando…</translation>
    </message>
    <message>
        <source>Answer finished</source>
        <translation>Respuesta terminada</translation>
    </message>
    <message>
        <source>Error: {what}</source>
        <translation>Error: {what}</translation>
    </message>
    <message>
        <source>Running a tool…</source>
        <translation>Ejecutando una herramienta…</translation>
    </message>
    <message>
        <source>Waiting for your approval of {tool} ({shortcut} to go there)</source>
        <translation>Esperando tu aprobación de {tool} ({shortcut} para ir allí)</translation>
    </message>
    <message>
        <source>Waiting for your approval of {tool}</source>
        <translation>Esperando tu aprobación de {tool}</translation>
    </message>
</context>
<context>
    <name>CrashNotice</name>
    <message>
        <source>Agent Desktop closed unexpectedly last time.</source>
        <translation>Agent Desktop se cerró inesperadamente la última vez.</translation>
    </message>
    <message>
        <source>The crash report is on the clipboard (secrets are left out of it).</source>
        <translation>El informe del fallo está en el portapapeles (sin secretos).</translation>
    </message>
    <message>
        <source>No app to show text files was found; open the file above yourself, or copy the report.</source>
        <translation>No se ha encontrado ninguna aplicación para mostrar archivos de texto; abre tú el archivo indicado arriba o copia el informe.</translation>
    </message>
    <message>
        <source>Its report is kept in {path}; nothing was sent anywhere.</source>
        <translation>El informe se guarda en {path}; no se ha enviado a ningún sitio.</translation>
    </message>
    <message>
        <source>Its report could not be kept in the log folder; copy it now to keep it.</source>
        <translation>El informe no se ha podido guardar en la carpeta de registros; cópialo ahora para conservarlo.</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>Copiar el informe</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>Abrir el informe</translation>
    </message>
</context>
<context>
    <name>DataTransfer</name>
    <message>
        <source>Export all my data</source>
        <translation>Exportar todos mis datos</translation>
    </message>
    <message>
        <source>Zip archives (*.zip)</source>
        <translation>Archivos ZIP (*.zip)</translation>
    </message>
    <message>
        <source>Exporting your data…</source>
        <translation>Exportando tus datos…</translation>
    </message>
    <message>
        <source>The export was cancelled; no file was written.</source>
        <translation>Se canceló la exportación; no se escribió ningún archivo.</translation>
    </message>
    <message>
        <source>The export failed: {error}</source>
        <translation>La exportación falló: {error}</translation>
    </message>
    <message>
        <source>Exported your data to {path}.</source>
        <translation>Tus datos se exportaron a {path}.</translation>
    </message>
    <message>
        <source>Secrets written in the settings were left out: {names}. Enter them again on the other computer.</source>
        <translation>Se omitieron los secretos escritos a mano en la configuración: {names}. Vuelve a introducirlos en el otro ordenador.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Import data</source>
        <translation>Importar datos</translation>
    </message>
    <message>
        <source>Agent Desktop data (*.zip)</source>
        <translation>Datos de Agent Desktop (*.zip)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Nothing was imported: {error}</source>
        <translation>No se importó nada: {error}</translation>
    </message>
    <message>
        <source>Importing your data…</source>
        <translation>Importando tus datos…</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>Se importó %n conversación.</numerusform>
            <numerusform>Se importaron %n conversaciones.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DroppedPaths</name>
    <message>
        <source>Drop to install the skill “{name}”, make a project of the folder or attach its files — you choose next</source>
        <translation>Suelta para instalar la habilidad «{name}», crear un proyecto con la carpeta o adjuntar sus archivos: elegirás a continuación</translation>
    </message>
    <message>
        <source>Drop to make a project of “{name}” or attach its files — you choose next</source>
        <translation>Suelta para crear un proyecto con «{name}» o adjuntar sus archivos: elegirás a continuación</translation>
    </message>
    <message>
        <source>Drop to attach “{name}”, or install the skill it holds — you choose next</source>
        <translation>Suelta para adjuntar «{name}» o instalar la habilidad que contiene: elegirás a continuación</translation>
    </message>
    <message>
        <source>Drop: the files are attached; you choose what happens with each folder</source>
        <translation>Suelta: los archivos se adjuntan; tú eliges qué hacer con cada carpeta</translation>
    </message>
    <message>
        <source>What should happen with “{name}”?</source>
        <translation>¿Qué hacer con «{name}»?</translation>
    </message>
    <message>
        <source>What should happen with the folder “{name}”?</source>
        <translation>¿Qué hacer con la carpeta «{name}»?</translation>
    </message>
    <message>
        <source>A project keeps its chats together; they work with the folder&apos;s files, its instructions and pinned files.</source>
        <translation>Un proyecto reúne sus conversaciones; trabajan con los archivos de la carpeta, sus instrucciones y sus archivos fijados.</translation>
    </message>
    <message>
        <source>It holds a SKILL.md: as a skill it teaches the agent a task.</source>
        <translation>Contiene un SKILL.md: como habilidad, enseña una tarea al agente.</translation>
    </message>
    <message>
        <source>Install as skill</source>
        <translation>Instalar como habilidad</translation>
    </message>
    <message>
        <source>Make a project</source>
        <translation>Crear un proyecto</translation>
    </message>
    <message>
        <source>Attach its files</source>
        <translation>Adjuntar sus archivos</translation>
    </message>
    <message>
        <source>“{name}” holds a skill. Install it?</source>
        <translation>«{name}» contiene una habilidad. ¿Instalarla?</translation>
    </message>
    <message>
        <source>A skill teaches the agent a task; or attach the archive.</source>
        <translation>Una habilidad enseña una tarea al agente; o adjunta el archivo comprimido.</translation>
    </message>
    <message>
        <source>Attach the archive</source>
        <translation>Adjuntar el archivo comprimido</translation>
    </message>
    <message>
        <source>Made the project “{name}”; its new chat works in {folder}.</source>
        <translation>Se ha creado el proyecto «{name}»; su nueva conversación trabaja en {folder}.</translation>
    </message>
    <message>
        <source>{name} was not installed as a skill.</source>
        <translation>{name} no se ha instalado como habilidad.</translation>
    </message>
    <message>
        <source>“{name}” holds no files to attach (the folders in it are not).</source>
        <translation>«{name}» no contiene archivos que adjuntar (sus carpetas no se adjuntan).</translation>
    </message>
</context>
<context>
    <name>Elicitation</name>
    <message>
        <source>{server} asks for input</source>
        <translation>{server} pide datos</translation>
    </message>
    <message>
        <source>{server} asks you to open a web page</source>
        <translation>{server} te pide que abras una página web</translation>
    </message>
    <message>
        <source>A tool server</source>
        <translation>Un servidor de herramientas</translation>
    </message>
    <message>
        <source>{server} is asking for your input</source>
        <translation>{server} te pide datos</translation>
    </message>
</context>
<context>
    <name>ElicitationFormDialog</name>
    <message>
        <source>Some fields could not be shown:</source>
        <translation>Algunos campos no se han podido mostrar:</translation>
    </message>
</context>
<context>
    <name>ElicitationLinkDialog</name>
    <message>
        <source>The page is on {host}.
Full address: {url}</source>
        <translation>La página está en {host}.
Dirección completa: {url}</translation>
    </message>
    <message>
        <source>Page address</source>
        <translation>Dirección de la página</translation>
    </message>
</context>
<context>
    <name>EmptyChatHint</name>
    <message>
        <source>Explain some code</source>
        <extracomment>(button, prompt), both in the user&apos;s language when shown: the model answers in it too.</extracomment>
        <translation>Explicar código</translation>
    </message>
    <message>
        <source>Explain what this code does, step by step:

</source>
        <translation>Explica paso a paso qué hace este código:

</translation>
    </message>
    <message>
        <source>Summarise a file</source>
        <translation>Resumir un archivo</translation>
    </message>
    <message>
        <source>Summarise the attached file in five bullet points.</source>
        <translation>Resume el archivo adjunto en cinco puntos.</translation>
    </message>
    <message>
        <source>Draft a message</source>
        <translation>Redactar un mensaje</translation>
    </message>
    <message>
        <source>Draft a short, friendly message that </source>
        <translation>Redacta un mensaje breve y cordial que </translation>
    </message>
    <message>
        <source>Plan a task</source>
        <translation>Planificar una tarea</translation>
    </message>
    <message>
        <source>Help me plan this task, with the steps in order: </source>
        <translation>Ayúdame a planificar esta tarea, con los pasos en orden: </translation>
    </message>
    <message>
        <source>Start a conversation</source>
        <translation>Iniciar una conversación</translation>
    </message>
    <message>
        <source>What can I help with?</source>
        <translation>¿En qué puedo ayudarte?</translation>
    </message>
    <message>
        <source>Type below, drop a file on the window, or start from one of these:</source>
        <translation>Escribe abajo, suelta un archivo en la ventana o empieza con una de estas opciones:</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>Cannot attach {source}: the file does not exist.</source>
        <translation>No se puede adjuntar {source}: el archivo no existe.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: {reason}.</source>
        <translation>No se puede adjuntar {source}: {reason}.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: it is a folder, not a file.</source>
        <translation>No se puede adjuntar {source}: es una carpeta, no un archivo.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: it is not a regular file.</source>
        <translation>No se puede adjuntar {source}: no es un archivo normal.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: permission to read it was denied.</source>
        <translation>No se puede adjuntar {source}: no hay permiso para leerlo.</translation>
    </message>
    <message>
        <source>{name} is {shown}, larger than the attachment limit of {limit}. Nothing was stored; attach a smaller file or raise the limit in Settings.</source>
        <translation>{name} ocupa {shown}, más que el límite de adjuntos de {limit}. No se guardó nada; adjunta un archivo más pequeño o sube el límite en la configuración.</translation>
    </message>
    <message>
        <source>Cannot attach {name}: there is no conversation with id {session_id}.</source>
        <translation>No se puede adjuntar {name}: no hay ninguna conversación con el id {session_id}.</translation>
    </message>
    <message>
        <source>Could not store {name}: {reason} Nothing was stored.</source>
        <translation>No se pudo guardar {name}: {reason} No se guardó nada.</translation>
    </message>
    <message>
        <source>There is no attachment with id {asset_id}; it may have been removed.</source>
        <translation>No hay ningún adjunto con el id {asset_id}; puede que se haya eliminado.</translation>
    </message>
    <message>
        <source>The folder holding {name} in the asset store was replaced by a link; it is not read. Attach the file again.</source>
        <translation>La carpeta que guarda {name} en el almacén de adjuntos se sustituyó por un enlace; no se lee. Vuelve a adjuntar el archivo.</translation>
    </message>
    <message>
        <source>The attachment {name} is no longer in the asset store (its file was removed from disk). Attach it again.</source>
        <translation>El adjunto {name} ya no está en el almacén de adjuntos (su archivo se borró del disco). Vuelve a adjuntarlo.</translation>
    </message>
    <message>
        <source>The stored file of {name} was replaced by a link; it is not read. Attach the file again.</source>
        <translation>El archivo guardado de {name} se sustituyó por un enlace; no se lee. Vuelve a adjuntar el archivo.</translation>
    </message>
    <message>
        <source>Could not read the attachment {name}: {reason}</source>
        <translation>No se pudo leer el adjunto {name}: {reason}</translation>
    </message>
    <message>
        <source>The stored digest {sha256} is malformed; the record is damaged.</source>
        <translation>El resumen guardado {sha256} está mal formado; el registro está dañado.</translation>
    </message>
    <message>
        <source>The attachment part {name} names no asset and carries no content.</source>
        <translation>La parte adjunta {name} no indica ningún archivo guardado ni trae contenido.</translation>
    </message>
    <message>
        <source>The attachment {name} cannot be read: no asset store is open.</source>
        <translation>No se puede leer el adjunto {name}: no hay ningún almacén de adjuntos abierto.</translation>
    </message>
    <message>
        <source>The attachment {name} has a malformed data URL.</source>
        <translation>El adjunto {name} tiene una URL de datos mal formada.</translation>
    </message>
    <message>
        <source>The attachment {name} has a data URL that is not base64.</source>
        <translation>El adjunto {name} tiene una URL de datos que no está en base64.</translation>
    </message>
    <message>
        <source>The agent is still working in this chat. Wait for it or stop it first.</source>
        <translation>El agente sigue trabajando en esta conversación. Espera a que termine o detenlo primero.</translation>
    </message>
    <message>
        <source>“{label}” was cancelled.</source>
        <translation>Se canceló «{label}».</translation>
    </message>
    <message>
        <source>{path} does not hold a valid conversation ({error}).</source>
        <translation>{path} no contiene una conversación válida ({error}).</translation>
    </message>
    <message>
        <source>“{title}” is already in your chats, unchanged: it was opened instead of copied.</source>
        <translation>«{title}» ya está en tus chats, sin cambios: se abrió en lugar de copiarse.</translation>
    </message>
    <message>
        <source>“{title}”: the chat&apos;s own settings in the file ({names}) were not applied. An imported chat keeps its messages and attachments and uses your settings.</source>
        <translation>«{title}»: no se aplicaron los ajustes propios del chat que hay en el archivo ({names}). Un chat importado conserva sus mensajes y adjuntos y usa tus ajustes.</translation>
    </message>
    <message>
        <source>Cannot import {path}: the file does not exist.</source>
        <translation>No se puede importar {path}: el archivo no existe.</translation>
    </message>
    <message>
        <source>Cannot import {path}: it could not be read ({error}).</source>
        <translation>No se puede importar {path}: no se pudo leer ({error}).</translation>
    </message>
    <message>
        <source>Cannot import {path}: {error}, so it was not imported.</source>
        <translation>No se puede importar {path}: {error}, así que no se importó.</translation>
    </message>
    <message>
        <source>Cannot import {path}: it is not a JSON session export. Only files exported as JSON by Agent Desktop can be imported (Markdown exports are for reading).</source>
        <translation>No se puede importar {path}: no es una sesión exportada como JSON. Solo se pueden importar archivos que Agent Desktop exportó como JSON (las exportaciones en Markdown son para leer).</translation>
    </message>
    <message>
        <source>Cannot import {path}: it is not an Agent Desktop session export.</source>
        <translation>No se puede importar {path}: no es una sesión exportada por Agent Desktop.</translation>
    </message>
    <message>
        <source>Cannot import {path}: it was written in export version {version}, this app reads version {supported}. Update the app.</source>
        <translation>No se puede importar {path}: se escribió con la versión de exportación {version} y esta aplicación lee la versión {supported}. Actualiza la aplicación.</translation>
    </message>
    <message>
        <source>Cannot import {path}: {reason}, so it was not imported.</source>
        <translation>No se puede importar {path}: {reason}, así que no se importó.</translation>
    </message>
    <message>
        <source>Cannot import {path}: the attachment {name} is damaged.</source>
        <translation>No se puede importar {path}: el adjunto {name} está dañado.</translation>
    </message>
    <message>
        <source>Cannot import {path}: the attachment {name} does not match its checksum.</source>
        <translation>No se puede importar {path}: el adjunto {name} no coincide con su suma de comprobación.</translation>
    </message>
    <message>
        <source>The agent server at {url} cannot be reached ({error}). Check that it runs and that this address is right.</source>
        <translation>No se puede contactar con el servidor de agentes en {url} ({error}). Comprueba que esté en marcha y que la dirección sea correcta.</translation>
    </message>
    <message>
        <source>The agent server at {url} presented another certificate than the one pinned when you connected: someone may be in between. If the server&apos;s certificate was renewed, connect again and compare the fingerprint it prints.</source>
        <translation>El servidor de agentes en {url} presentó un certificado distinto del que se fijó al conectar: puede que alguien esté en medio. Si se renovó el certificado del servidor, vuelve a conectar y compara la huella que muestra.</translation>
    </message>
    <message>
        <source>The agent server at {url} cannot be reached ({kind}). Check that it runs and that this address is right.</source>
        <translation>No se puede contactar con el servidor de agentes en {url} ({kind}). Comprueba que esté en marcha y que la dirección sea correcta.</translation>
    </message>
    <message>
        <source>The agent server at {url} refused the token: it is wrong or was revoked. Connect again with the token the server showed.</source>
        <translation>El servidor de agentes en {url} rechazó el token: es incorrecto o se revocó. Vuelve a conectar con el token que mostró el servidor.</translation>
    </message>
    <message>
        <source>The agent server at {url} answered {status_code}: {reason}</source>
        <translation>El servidor de agentes en {url} respondió {status_code}: {reason}</translation>
    </message>
    <message>
        <source>Attachments cannot be sent to the agent server {server_label} from here.</source>
        <translation>Desde aquí no se pueden enviar adjuntos al servidor de agentes {server_label}.</translation>
    </message>
    <message>
        <source>There is no chat with id {session_id}.</source>
        <extracomment>Events whose payload is a live object or only means something inside this process. Where a tool the server runs is said to run (the client&apos;s tool row shows it).</extracomment>
        <translation>No hay ninguna conversación con el id {session_id}.</translation>
    </message>
    <message>
        <source>The agent is still working in this chat: POST /sessions/{session_id}/cancel and wait for its request_finished event before deleting it.</source>
        <translation>El agente sigue trabajando en esta conversación: haz POST /sessions/{session_id}/cancel y espera su evento request_finished antes de borrarla.</translation>
    </message>
    <message>
        <source>Answers cut off when the app last stopped could not be recovered: {error} They stay in the database for the next start.</source>
        <translation>No se pudieron recuperar las respuestas cortadas cuando la aplicación se detuvo la última vez: {error} Quedan en la base de datos para el próximo inicio.</translation>
    </message>
    <message>
        <source>Answers were cut off when the app last stopped: {count}. What had arrived was kept and marked as incomplete.</source>
        <translation>Respuestas cortadas cuando la aplicación se detuvo la última vez: {count}. Lo que había llegado se conservó y se marcó como incompleto.</translation>
    </message>
    <message>
        <source>Unknown export format {format}; use &apos;markdown&apos; or &apos;json&apos;.</source>
        <translation>Formato de exportación desconocido {format}; usa &apos;markdown&apos; o &apos;json&apos;.</translation>
    </message>
    <message>
        <source>{what} could not be saved because it holds a value that is not plain JSON ({error}). Nothing was changed.</source>
        <translation>{what} no se pudo guardar porque contiene un valor que no es JSON simple ({error}). No se cambió nada.</translation>
    </message>
    <message>
        <source>The session database {path} was written by a newer version of the app (schema {current}; this version knows up to {latest}). It was opened read-only so nothing is lost; update the app to edit it.</source>
        <translation>La base de datos de sesiones {path} la escribió una versión más reciente de la aplicación (esquema {current}; esta versión conoce hasta el {latest}). Se abrió en solo lectura para no perder nada; actualiza la aplicación para editarla.</translation>
    </message>
    <message>
        <source>A copy was kept as {name}.</source>
        <translation>Se guardó una copia como {name}.</translation>
    </message>
    <message>
        <source>Upgrading the session database {path} to schema {version} failed ({error}). It was left at schema {schema_version} and opened read-only.{kept}</source>
        <translation>No se pudo actualizar la base de datos de sesiones {path} al esquema {version} ({error}). Se dejó en el esquema {schema_version} y se abrió en solo lectura.{kept}</translation>
    </message>
    <message>
        <source>The session database is healthy; there is nothing to replace.</source>
        <translation>La base de datos de sesiones está en buen estado; no hay nada que sustituir.</translation>
    </message>
    <message>
        <source>Could not save {what}: {reason}</source>
        <translation>No se pudo guardar {what}: {reason}</translation>
    </message>
    <message>
        <source>the database is read-only.</source>
        <translation>la base de datos es de solo lectura.</translation>
    </message>
    <message>
        <source>Could not save {what}: {reason} The previous version is kept unchanged.</source>
        <translation>No se pudo guardar {what}: {reason} La versión anterior se conserva sin cambios.</translation>
    </message>
    <message>
        <source>Could not save {label}: it changed while this change was being made ({stored} messages stored, {expected_message_count} expected). Nothing was overwritten; try again.</source>
        <translation>No se pudo guardar {label}: cambió mientras se hacía este cambio ({stored} mensajes guardados, se esperaban {expected_message_count}). No se sobrescribió nada; inténtalo de nuevo.</translation>
    </message>
    <message>
        <source>The message could not be saved: it is not a valid message ({error}). Nothing was changed.</source>
        <translation>No se pudo guardar el mensaje: no es un mensaje válido ({error}). No se cambió nada.</translation>
    </message>
    <message>
        <source>Message {number} of the conversation is no longer stored (the message or its conversation was deleted); nothing was written.</source>
        <translation>El mensaje {number} de la conversación ya no está guardado (se borró el mensaje o su conversación); no se escribió nada.</translation>
    </message>
    <message>
        <source>Part of the session database {path} is damaged and could not be read ({error}). Restart the app: it keeps a copy of the file and opens what can still be read.</source>
        <translation>Parte de la base de datos de sesiones {path} está dañada y no se pudo leer ({error}). Reinicia la aplicación: guarda una copia del archivo y abre lo que aún se puede leer.</translation>
    </message>
    <message>
        <source>Searching the session database {path} failed because part of it is damaged ({error}). Restart the app: it keeps a copy of the file and opens what can still be read.</source>
        <translation>La búsqueda en la base de datos de sesiones {path} falló porque una parte está dañada ({error}). Reinicia la aplicación: guarda una copia del archivo y abre lo que aún se puede leer.</translation>
    </message>
    <message>
        <source>There is no conversation with id {session_id}; it may have been deleted.</source>
        <translation>No hay ninguna conversación con el id {session_id}; puede que se haya borrado.</translation>
    </message>
    <message>
        <source>Every tool server is ready now.</source>
        <translation>Todos los servidores de herramientas están listos.</translation>
    </message>
    <message>
        <source>The agent is still working in this conversation. Wait for it to finish or stop it, then send again.</source>
        <translation>El agente sigue trabajando en esta conversación. Espera a que termine o detenlo, y vuelve a enviar.</translation>
    </message>
    <message>
        <source>Stopped after {rounds} rounds of tool calls (the limit set in Settings → Tools). Send a message to let the agent continue.</source>
        <translation>Se detuvo tras {rounds} rondas de llamadas a herramientas (el límite fijado en Configuración → Herramientas). Envía un mensaje para que el agente continúe.</translation>
    </message>
    <message>
        <source>Parameters for action &apos;{action_id}&apos; must be an object, not {kind}.</source>
        <translation>Los parámetros de la acción &apos;{action_id}&apos; deben ser un objeto, no {kind}.</translation>
    </message>
    <message>
        <source>Invalid parameters for action &apos;{action_id}&apos;: {listing}.</source>
        <translation>Parámetros no válidos para la acción &apos;{action_id}&apos;: {listing}.</translation>
    </message>
    <message>
        <source>turned off for this request</source>
        <translation>desactivado para esta petición</translation>
    </message>
    <message>
        <source>The plugin &apos;{plugin}&apos; failed in {hook} and was {left_out}: {detail}</source>
        <translation>El complemento &apos;{plugin}&apos; falló en {hook} y quedó {left_out}: {detail}</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>excluido</translation>
    </message>
    <message>
        <source>its tools were left out of this request</source>
        <translation>sus herramientas quedaron fuera de esta petición</translation>
    </message>
    <message>
        <source>No provider is registered; register one before requests.</source>
        <translation>No hay ningún proveedor registrado; registra uno antes de hacer peticiones.</translation>
    </message>
    <message>
        <source>No provider named &apos;{name}&apos; is registered. Registered providers: {providers}.</source>
        <translation>No hay ningún proveedor registrado con el nombre &apos;{name}&apos;. Proveedores registrados: {providers}.</translation>
    </message>
    <message>
        <source>in the way, so no {trigger} action ran</source>
        <translation>un obstáculo, así que no se ejecutó ninguna acción de {trigger}</translation>
    </message>
    <message>
        <source>skipped for {trigger}</source>
        <translation>omitido para {trigger}</translation>
    </message>
    <message>
        <source>There is no agent {key} in the config (known agents: {known}). Pick another agent or add this one in Settings.</source>
        <translation>No hay ningún agente {key} en la configuración (agentes conocidos: {known}). Elige otro agente o añade este en la configuración.</translation>
    </message>
    <message>
        <source>This chat uses the provider {provider}, which is no longer configured. Pick another model for the chat in the model picker, or add the provider again under Settings → Providers.</source>
        <extracomment>How a setting reads a value from the environment, the same in every language (a value of the marked sentences, not part of their text: its braces are not a field of theirs). Keys `build_agent_config` adds to the flat config besides the provider&apos;s and agent&apos;s own.</extracomment>
        <translation>Este chat usa el proveedor {provider}, que ya no está configurado. Elige otro modelo para el chat en el selector de modelos o vuelve a añadir el proveedor en Configuración → Proveedores.</translation>
    </message>
    <message>
        <source>Agent {agent} uses the provider {provider}, which is not configured. Add it under Settings → Providers or pick another provider for the agent.</source>
        <translation>El agente {agent} usa el proveedor {provider}, que no está configurado. Añádelo en Configuración → Proveedores o elige otro proveedor para el agente.</translation>
    </message>
    <message>
        <source>{setting} refers to the environment variable {name}, which is not set. Set it before starting the app, or store the key in Settings instead.</source>
        <translation>{setting} hace referencia a la variable de entorno {name}, que no está definida. Defínela antes de iniciar la aplicación o guarda la clave en Configuración.</translation>
    </message>
    <message>
        <source>{setting} refers to a keyring secret; none is open.</source>
        <translation>{setting} hace referencia a un secreto del llavero, pero no hay ninguno abierto.</translation>
    </message>
    <message>
        <source>{setting} could not be read: {error}</source>
        <translation>No se pudo leer {setting}: {error}</translation>
    </message>
    <message>
        <source>{setting} refers to the keyring secret {name}, which is not stored (a key kept for one session only is gone after a restart). Enter the key again in Settings → Providers, or use {reference} to read it from the environment.</source>
        <translation>{setting} hace referencia al secreto del llavero {name}, que no está guardado (una clave conservada solo para una sesión desaparece al reiniciar). Vuelve a introducir la clave en Configuración → Proveedores, o usa {reference} para leerla del entorno.</translation>
    </message>
    <message>
        <source>The API key</source>
        <translation>La clave de API</translation>
    </message>
    <message>
        <source>The setting {path}</source>
        <translation>El ajuste {path}</translation>
    </message>
    <message>
        <source>Kept for this session only, not stored: {names} ({reasons}). They must be entered again after a restart, or referenced as {reference}.</source>
        <translation>Se conservan solo durante esta sesión, sin guardar: {names} ({reasons}). Tras reiniciar hay que volver a introducirlos, o hacer referencia a ellos como {reference}.</translation>
    </message>
    <message>
        <source>Left in the config file as you wrote them, since no keyring can take them: {names}. Unlock or install a keyring to move them there, or reference them as {reference}.</source>
        <translation>Se dejan en el archivo de configuración tal como los escribiste, porque ningún llavero puede guardarlos: {names}. Desbloquea o instala un llavero para moverlos allí, o haz referencia a ellos como {reference}.</translation>
    </message>
    <message>
        <source>Some entries of {path} could not be read and were set aside ({details}). Everything else is used; the set-aside entries stay in the file unchanged. {copy} Fix or remove them there.</source>
        <translation>Algunas entradas de {path} no se pudieron leer y se apartaron ({details}). Todo lo demás se usa; las entradas apartadas quedan en el archivo sin cambios. {copy} Corrígelas o elimínalas allí.</translation>
    </message>
    <message>
        <source>The config file could not be rewritten ({error}); the change is used for this run and saved with the next change in Settings.</source>
        <translation>No se pudo reescribir el archivo de configuración ({error}); el cambio se usa en esta ejecución y se guarda con el próximo cambio en Configuración.</translation>
    </message>
    <message>
        <source>The agent {agent} kept {keys} of its provider; they were moved to the provider {provider}, where they belong.</source>
        <translation>El agente {agent} guardaba {keys} de su proveedor; se movieron al proveedor {provider}, donde corresponden.</translation>
    </message>
    <message>
        <source>The agent {agent} kept {keys} for a provider; they were removed (its provider entry has its own). Check Settings → Providers.</source>
        <translation>El agente {agent} guardaba {keys} para un proveedor; se eliminaron (la entrada de su proveedor tiene los suyos). Revisa Configuración → Proveedores.</translation>
    </message>
    <message>
        <source>{path} holds plaintext secrets ({names}). They could not be moved to a keyring because none is available, so the file was left unchanged; they are used from memory for this run. They stay in the file until a keyring can take them.</source>
        <translation>{path} contiene secretos en texto plano ({names}). No se pudieron mover a un llavero porque no hay ninguno disponible, así que el archivo no se modificó; se usan desde la memoria durante esta sesión. Permanecen en el archivo hasta que un llavero pueda recibirlos.</translation>
    </message>
    <message>
        <source>Plaintext secrets in {path} could not be moved to the keyring: {error}</source>
        <translation>No se pudieron mover al llavero los secretos en texto plano de {path}: {error}</translation>
    </message>
    <message>
        <source>Plaintext secrets from {path} were moved to the system keyring ({names}), but the file could not be rewritten: {error}</source>
        <translation>Los secretos en texto plano de {path} se movieron al llavero del sistema ({names}), pero no se pudo reescribir el archivo: {error}</translation>
    </message>
    <message>
        <source>Plaintext secrets from {path} were moved to the system keyring ({names}); the file now holds references instead.</source>
        <translation>Los secretos en texto plano de {path} se movieron al llavero del sistema ({names}); ahora el archivo contiene referencias en su lugar.</translation>
    </message>
    <message>
        <source>you chose this session only</source>
        <translation>elegiste solo esta sesión</translation>
    </message>
    <message>
        <source>No system keyring is available.</source>
        <extracomment>The first sentences of `probe_keyring`&apos;s answers, which `SecretStore.headline` cuts out: marked too, so the window can show a headline in its own language.</extracomment>
        <translation>No hay ningún llavero del sistema disponible.</translation>
    </message>
    <message>
        <source>The system keyring cannot be used ({reason}).</source>
        <translation>No se puede usar el llavero del sistema ({reason}).</translation>
    </message>
    <message>
        <source>No system keyring is available</source>
        <translation>No hay ningún llavero del sistema disponible</translation>
    </message>
    <message>
        <source>No system keyring is available. API keys are kept in memory for this run only and must be entered again after a restart. Install and unlock a keyring service (for example GNOME Keyring or KWallet) to keep them.</source>
        <translation>No hay ningún llavero del sistema disponible. Las claves de API se guardan en memoria solo durante esta ejecución y tendrás que volver a escribirlas después de reiniciar. Para conservarlas, instala y desbloquea un servicio de llavero (por ejemplo, GNOME Keyring o KWallet).</translation>
    </message>
    <message>
        <source>The system keyring cannot be used ({reason}). API keys are kept in memory for this run only. Unlock or repair the keyring and restart to keep them.</source>
        <translation>No se puede usar el llavero del sistema ({reason}). Las claves de API se guardan en memoria solo durante esta ejecución. Para conservarlas, desbloquea o repara el llavero y reinicia.</translation>
    </message>
    <message>
        <source>{path} could not be read ({error}); fix or remove it, then export again.</source>
        <extracomment>What an archive may unpack to, all members together: a zip bomb is refused before reading. The parts an import may take, each with its own checkbox.</extracomment>
        <translation>No se pudo leer {path} ({error}); corrígelo o elimínalo y vuelve a exportar.</translation>
    </message>
    <message>
        <source>{path} does not exist; choose the file again.</source>
        <extracomment>The settings to apply, when the user chose them (through the application&apos;s settings change: checked, written whole or not at all, announced to the window).</extracomment>
        <translation>{path} no existe; vuelve a elegir el archivo.</translation>
    </message>
    <message>
        <source>{archive} is not a zip file ({error}); choose a file made by Export all my data.</source>
        <translation>{archive} no es un archivo zip ({error}); elige un archivo creado con «Exportar todos mis datos».</translation>
    </message>
    <message>
        <source>{archive} holds {count} files, more than an export of Agent Desktop can ({limit}); it was not imported.</source>
        <translation>{archive} contiene {count} archivos, más de los que puede tener una exportación de Agent Desktop ({limit}); no se importó.</translation>
    </message>
    <message>
        <source>{archive} would unpack to {total} bytes, more than the {limit} an import takes; it was not imported. Export again on the other computer.</source>
        <translation>{archive} ocuparía {total} bytes al descomprimirse, más de los {limit} que admite una importación; no se importó. Vuelve a exportar en el otro equipo.</translation>
    </message>
    <message>
        <source>{archive} holds a file whose path leaves its folder ({member}); it is not an export of Agent Desktop and was not imported.</source>
        <translation>{archive} contiene un archivo cuya ruta sale de su carpeta ({member}); no es una exportación de Agent Desktop y no se importó.</translation>
    </message>
    <message>
        <source>{archive}: {member} is damaged ({error}); export again.</source>
        <translation>{archive}: {member} está dañado ({error}); vuelve a exportar.</translation>
    </message>
    <message>
        <source>{archive}: {member} is not valid JSON ({error}); export again.</source>
        <translation>{archive}: {member} no es JSON válido ({error}); vuelve a exportar.</translation>
    </message>
    <message>
        <source>{archive} has no manifest.json: it is not an export of Agent Desktop. Choose a file made by File → Export all my data.</source>
        <translation>{archive} no tiene manifest.json: no es una exportación de Agent Desktop. Elige un archivo creado con «Archivo → Exportar todos mis datos».</translation>
    </message>
    <message>
        <source>{archive}: its manifest does not name the format {format}; it is not an export of Agent Desktop.</source>
        <translation>{archive}: su manifiesto no indica el formato {format}; no es una exportación de Agent Desktop.</translation>
    </message>
    <message>
        <source>{archive}: its manifest&apos;s version {version} is not a version.</source>
        <translation>{archive}: la versión {version} de su manifiesto no es una versión válida.</translation>
    </message>
    <message>
        <source>{archive} was written by a newer Agent Desktop (format version {version}); this one reads up to version {supported}. Update the app, then import it.</source>
        <translation>{archive} se escribió con un Agent Desktop más reciente (versión de formato {version}); este lee hasta la versión {supported}. Actualiza la aplicación y luego impórtalo.</translation>
    </message>
    <message>
        <source>{archive}: {member} is not a JSON object; export again.</source>
        <translation>{archive}: {member} no es un objeto JSON; vuelve a exportar.</translation>
    </message>
    <message>
        <source>{archive}: {member} has no list of {key}; export again.</source>
        <translation>{archive}: {member} no tiene una lista «{key}»; vuelve a exportar.</translation>
    </message>
    <message>
        <source>Memory was not imported: {reason}</source>
        <translation>La memoria no se importó: {reason}</translation>
    </message>
    <message>
        <source>The skill {name} was not installed: {reason}</source>
        <translation>La habilidad {name} no se instaló: {reason}</translation>
    </message>
    <message>
        <source>The project {name} was not added: its folder {folder} is not on this computer. Make it again from its folder (drop the folder on the window).</source>
        <translation>El proyecto {name} no se añadió: su carpeta {folder} no está en este ordenador. Vuelve a crearlo desde su carpeta (suelta la carpeta en la ventana).</translation>
    </message>
    <message>
        <source>A schedule was not imported: {error}</source>
        <translation>Una programación no se importó: {error}</translation>
    </message>
    <message>
        <source>Imported schedules are off: turn them on in Session → Schedules.</source>
        <translation>Las programaciones importadas están desactivadas: actívalas en Sesión → Programaciones.</translation>
    </message>
    <message>
        <source>Tool servers were not imported: a file never decides what runs on this computer. Add them again in Settings → Tool servers.</source>
        <translation>Los servidores de herramientas no se importaron: un archivo nunca decide qué se ejecuta en este ordenador. Vuelve a añadirlos en Configuración → Servidores de herramientas.</translation>
    </message>
    <message>
        <source>The setting {name} was not imported: its value is not valid.</source>
        <translation>El ajuste {name} no se importó: su valor no es válido.</translation>
    </message>
    <message>
        <source>The API key of {named} is no longer stored (a key kept for one session only is gone after a restart). Enter it again in Settings → Providers.</source>
        <translation>La clave de API de {named} ya no está guardada (una clave conservada solo para una sesión desaparece al reiniciar). Vuelve a introducirla en Configuración → Proveedores.</translation>
    </message>
    <message>
        <source>The API keys of {named} are no longer stored (a key kept for one session only is gone after a restart). Enter them again in Settings → Providers.</source>
        <translation>Las claves de API de {named} ya no están guardadas (una clave conservada solo para una sesión desaparece al reiniciar). Vuelve a introducirlas en Configuración → Proveedores.</translation>
    </message>
    <message>
        <source>Plugins could not be looked for ({error}); the app starts without them. Details are in the log.</source>
        <translation>No se pudieron buscar los complementos ({error}); la aplicación se inicia sin ellos. Los detalles están en el registro.</translation>
    </message>
    <message>
        <source>The plugin {name} ({source}) was not loaded: {error}</source>
        <translation>El complemento {name} ({source}) no se cargó: {error}</translation>
    </message>
    <message>
        <source>The plugin {name} ({source}) failed as it started: {error}</source>
        <translation>El complemento {name} ({source}) falló al iniciarse: {error}</translation>
    </message>
    <message>
        <source>The plugin {name} could not be registered: {error}</source>
        <translation>No se pudo registrar el complemento {name}: {error}</translation>
    </message>
    <message>
        <source>{error} It is no longer used; remove it there when you can.</source>
        <extracomment>{secret name: new value, or None to delete} Secret names the user chose to keep for this session only. `ToolRule.rule_id`s of argument rules the user revoked. The config&apos;s whole new `plugins` list (plugin sources), or None to keep it. The config&apos;s whole new `disabled_plugins` list (off for every agent), or None to keep it. (provider plugin name) -&gt; that plugin&apos;s `get_config_schema()` dict, or None when not loaded. Its `get_config_schema()`: {dotted key: {type, required, default, …}}. JSON-schema type -&gt; (Python types, what the user is told to enter).</extracomment>
        <translation>{error} Ya no se usa; elimínalo de allí cuando puedas.</translation>
    </message>
    <message>
        <source>Kept for this session only, not stored: {names} ({reasons}). After a restart enter them again, or reference an environment variable with {reference}.</source>
        <translation>Se conserva solo durante esta sesión, sin guardar: {names} ({reasons}). Tras reiniciar, vuelve a introducirlo o haz referencia a una variable de entorno con {reference}.</translation>
    </message>
    <message>
        <source>the environment variable {name} of “{title}”</source>
        <translation>la variable de entorno {name} de «{title}»</translation>
    </message>
    <message>
        <source>the header {name} of “{title}”</source>
        <translation>la cabecera {name} de «{title}»</translation>
    </message>
    <message>
        <source>the API key of “{title}”</source>
        <translation>la clave de API de «{title}»</translation>
    </message>
    <message>
        <source>The user denied this tool call: {reason}</source>
        <extracomment>The arguments the user edited before allowing the call; None runs it as the model wrote.</extracomment>
        <translation>El usuario denegó esta llamada a la herramienta: {reason}</translation>
    </message>
    <message>
        <source>The user denied this tool call.</source>
        <translation>El usuario denegó esta llamada a la herramienta.</translation>
    </message>
    <message>
        <source>The tool call was not run: {reason}</source>
        <translation>La llamada a la herramienta no se ejecutó: {reason}</translation>
    </message>
    <message>
        <source>The required argument &apos;{name}&apos; is missing.</source>
        <translation>Falta el argumento obligatorio «{name}».</translation>
    </message>
    <message>
        <source>The tool does not take an argument &apos;{name}&apos;.</source>
        <translation>La herramienta no admite el argumento «{name}».</translation>
    </message>
    <message>
        <source>Send the call again with the arguments the tool takes: {names}.</source>
        <translation>Vuelve a enviar la llamada con los argumentos que admite la herramienta: {names}.</translation>
    </message>
    <message>
        <source>Send the call again without arguments.</source>
        <translation>Vuelve a enviar la llamada sin argumentos.</translation>
    </message>
    <message>
        <source>Error: the call to tool &apos;{tool}&apos; was not run: its arguments do not fit the tool&apos;s parameters.</source>
        <translation>Error: la llamada a la herramienta «{tool}» no se ejecutó: sus argumentos no se ajustan a los parámetros de la herramienta.</translation>
    </message>
</context>
<context>
    <name>FirstRunFlow</name>
    <message>
        <source>Could not look for local servers: {error}</source>
        <translation>No se han podido buscar servidores locales: {error}</translation>
    </message>
</context>
<context>
    <name>Forms</name>
    <message>
        <source>(not set)</source>
        <translation>(sin definir)</translation>
    </message>
    <message>
        <source>See the note above.</source>
        <translation>Consulta la nota de arriba.</translation>
    </message>
    <message>
        <source>Not valid JSON (line {line}, column {column}): {error}.</source>
        <extracomment>Longer captions wrap, so the fields keep their room in a narrow window.</extracomment>
        <translation>JSON no válido (línea {line}, columna {column}): {error}.</translation>
    </message>
    <message>
        <source>Enter a JSON object.</source>
        <translation>Introduce un objeto JSON.</translation>
    </message>
    <message>
        <source>Enter a JSON array.</source>
        <translation>Introduce una matriz JSON.</translation>
    </message>
    <message>
        <source>This cannot be split into words: {error}. Close the quote.</source>
        <translation>No se puede dividir en palabras: {error}. Cierra las comillas.</translation>
    </message>
    <message>
        <source>No system keyring is available.</source>
        <translation>No hay ningún llavero del sistema disponible.</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>Sin definir</translation>
    </message>
    <message>
        <source>Type a new key to replace the stored one</source>
        <translation>Escribe una clave nueva para sustituir la guardada</translation>
    </message>
    <message>
        <source>Secrets cannot be stored here: no keyring is connected to this form.</source>
        <translation>Aquí no se pueden guardar secretos: este formulario no tiene ningún llavero conectado.</translation>
    </message>
    <message>
        <source>For values ticked Secret: {problem}</source>
        <translation>Para los valores marcados como secretos: {problem}</translation>
    </message>
    <message>
        <source>Every value needs a name.</source>
        <translation>Cada valor necesita un nombre.</translation>
    </message>
    <message>
        <source>Each name once: {names} appears more than once.</source>
        <translation>Cada nombre solo una vez: {names} aparece más de una vez.</translation>
    </message>
    <message>
        <source>Choose a folder…</source>
        <translation>Elegir una carpeta…</translation>
    </message>
    <message>
        <source>Choose a file…</source>
        <translation>Elegir un archivo…</translation>
    </message>
    <message>
        <source>Model id</source>
        <translation>Id. del modelo</translation>
    </message>
    <message>
        <source>{field} is required.</source>
        <translation>{field} es obligatorio.</translation>
    </message>
</context>
<context>
    <name>FullTextViewer</name>
    <message>
        <source>{title}, whole text</source>
        <translation>{title}, texto completo</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Cargando…</translation>
    </message>
    <message>
        <source>Loading state</source>
        <translation>Estado de la carga</translation>
    </message>
    <message>
        <source>Whole text</source>
        <translation>Texto completo</translation>
    </message>
    <message>
        <source>{characters} characters · {lines} lines</source>
        <translation>{characters} caracteres · {lines} líneas</translation>
    </message>
    <message>
        <source>“{word}” first found on line {line}</source>
        <translation>«{word}» aparece por primera vez en la línea {line}</translation>
    </message>
    <message>
        <source>Loading… {percent} %</source>
        <translation>Cargando… {percent} %</translation>
    </message>
</context>
<context>
    <name>GeneralPage</name>
    <message>
        <source>How the app looks and behaves.</source>
        <translation>Aspecto y comportamiento de la aplicación.</translation>
    </message>
</context>
<context>
    <name>ImportChoice</name>
    <message>
        <source>Import data</source>
        <translation>Importar datos</translation>
    </message>
    <message>
        <source>{file} holds the data below. Choose what to add to this computer&apos;s.</source>
        <translation>{file} contiene los datos siguientes. Elige qué añadir a los de este ordenador.</translation>
    </message>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n conversación</numerusform>
            <numerusform>%n conversaciones</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n remembered item(s)</source>
        <translation>
            <numerusform>%n elemento recordado</numerusform>
            <numerusform>%n elementos recordados</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n proyecto</numerusform>
            <numerusform>%n proyectos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skill(s)</source>
        <translation>
            <numerusform>%n habilidad</numerusform>
            <numerusform>%n habilidades</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n schedule(s), imported switched off</source>
        <translation>
            <numerusform>%n programación, importada desactivada</numerusform>
            <numerusform>%n programaciones, importadas desactivadas</numerusform>
        </translation>
    </message>
    <message>
        <source>Settings, providers and agents (replace yours where they differ)</source>
        <translation>Configuración, proveedores y agentes (reemplazan los tuyos donde difieran)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importar</translation>
    </message>
</context>
<context>
    <name>ImportPreview</name>
    <message>
        <source>Server list to import</source>
        <translation>Lista de servidores que importar</translation>
    </message>
    <message>
        <source>{&quot;mcpServers&quot;: {&quot;time&quot;: {&quot;command&quot;: &quot;uvx&quot;, &quot;args&quot;: [&quot;mcp-server-time&quot;]}}}
Claude Desktop, Cursor, Cline, VS Code (servers) and Goose (extensions) files work.</source>
        <translation>{&quot;mcpServers&quot;: {&quot;time&quot;: {&quot;command&quot;: &quot;uvx&quot;, &quot;args&quot;: [&quot;mcp-server-time&quot;]}}}
Funcionan los archivos de Claude Desktop, Cursor, Cline, VS Code (servers) y Goose (extensions).</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Vista previa</translation>
    </message>
    <message>
        <source>From a file…</source>
        <translation>Desde un archivo…</translation>
    </message>
    <message>
        <source>Read another app&apos;s MCP configuration file</source>
        <translation>Leer el archivo de configuración MCP de otra aplicación</translation>
    </message>
    <message>
        <source>Add these servers</source>
        <translation>Añadir estos servidores</translation>
    </message>
    <message>
        <source>Import preview</source>
        <translation>Vista previa de la importación</translation>
    </message>
    <message>
        <source>Import MCP servers from a file</source>
        <translation>Importar servidores MCP desde un archivo</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>Archivos JSON (*.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Todos los archivos (*)</translation>
    </message>
    <message numerus="yes">
        <source>Add %n server(s)</source>
        <translation>
            <numerusform>Añadir %n servidor</numerusform>
            <numerusform>Añadir %n servidores</numerusform>
        </translation>
    </message>
    <message>
        <source>“{name}” is larger than an MCP configuration file can be (over 1 MB); choose the app&apos;s MCP settings file.</source>
        <translation>«{name}» es más grande de lo que puede ser un archivo de configuración MCP (más de 1 MB); elige el archivo de configuración MCP de la aplicación.</translation>
    </message>
    <message>
        <source>Could not read “{name}”: {error}. Choose another file or paste its text.</source>
        <translation>No se ha podido leer «{name}»: {error}. Elige otro archivo o pega su texto.</translation>
    </message>
</context>
<context>
    <name>InstructionsDialog</name>
    <message>
        <source>Chat instructions</source>
        <translation>Instrucciones de la conversación</translation>
    </message>
    <message>
        <source>The model reads these before every message of this chat. They replace the agent&apos;s instructions for this chat only.</source>
        <translation>El modelo las lee antes de cada mensaje de esta conversación. Sustituyen a las instrucciones del agente solo en esta conversación.</translation>
    </message>
    <message>
        <source>Instructions for this chat</source>
        <translation>Instrucciones de esta conversación</translation>
    </message>
    <message>
        <source>Empty: this chat uses its agent&apos;s instructions:

{instructions}</source>
        <translation>Vacío: esta conversación usa las instrucciones de su agente:

{instructions}</translation>
    </message>
    <message>
        <source>Empty: this chat uses its agent&apos;s instructions (it has none).</source>
        <translation>Vacío: esta conversación usa las instrucciones de su agente (no tiene ninguna).</translation>
    </message>
    <message>
        <source>Use the agent&apos;s</source>
        <translation>Usar las del agente</translation>
    </message>
    <message>
        <source>Remove this chat&apos;s own instructions</source>
        <translation>Quitar las instrucciones propias de esta conversación</translation>
    </message>
    <message>
        <source>Instructions of {name}</source>
        <translation>Instrucciones de {name}</translation>
    </message>
    <message>
        <source>Project instructions</source>
        <translation>Instrucciones del proyecto</translation>
    </message>
</context>
<context>
    <name>LinkedItems</name>
    <message>
        <source>This row links to {href}, which the app cannot open.</source>
        <translation>Esta fila enlaza a {href}, que la aplicación no puede abrir.</translation>
    </message>
    <message>
        <source>Only a file of one of your projects opens from a chat.</source>
        <translation>Desde una conversación solo se abre un archivo de uno de tus proyectos.</translation>
    </message>
    <message>
        <source>No app here opens {name}.</source>
        <translation>Ninguna aplicación de este equipo abre {name}.</translation>
    </message>
    <message>
        <source>Settings has no Memory page: the memory plugin is turned off.</source>
        <translation>La configuración no tiene página de Memoria: el complemento de memoria está desactivado.</translation>
    </message>
    <message>
        <source>That remembered item was deleted.</source>
        <translation>Ese elemento recordado se eliminó.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
</context>
<context>
    <name>MarkdownRender</name>
    <message>
        <source>Copy</source>
        <extracomment>Held while markdown-it or Pygments import a module or fill one of their lazy caches.</extracomment>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Drawing diagram…</source>
        <translation>Dibujando el diagrama…</translation>
    </message>
    <message>
        <source>Copy source</source>
        <translation>Copiar el código fuente</translation>
    </message>
</context>
<context>
    <name>McpServerTrustList</name>
    <message>
        <source>MCP server trust</source>
        <translation>Confianza en servidores MCP</translation>
    </message>
</context>
<context>
    <name>McpServersPage</name>
    <message>
        <source>Import JSON…</source>
        <translation>Importar JSON…</translation>
    </message>
    <message>
        <source>Paste an mcpServers block from another app&apos;s config</source>
        <translation>Pega un bloque mcpServers de la configuración de otra aplicación</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Probar la conexión</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>Corrige primero los campos resaltados de «{current_id}».</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>no se ha indicado ningún motivo</translation>
    </message>
    <message>
        <source>Could not connect: {reason}</source>
        <translation>No se ha podido conectar: {reason}</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n tool(s) ({tools}).</source>
        <translation>
            <numerusform>Conectado: %n herramienta ({tools}).</numerusform>
            <numerusform>Conectado: %n herramientas ({tools}).</numerusform>
        </translation>
    </message>
    <message>
        <source>Connected.</source>
        <translation>Conectado.</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Editing an earlier message: sending starts a new version of the chat from there; the current one stays (switch with ‹ › on the message).</source>
        <translation>Editando un mensaje anterior: al enviar se inicia una nueva versión de la conversación a partir de ahí; la actual se conserva (cambia con ‹ › en el mensaje).</translation>
    </message>
    <message>
        <source>Its attachments go with it: {files}.</source>
        <translation>Sus adjuntos van con él: {files}.</translation>
    </message>
    <message>
        <source>{title} (fork)</source>
        <translation>{title} (bifurcación)</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Conversación</translation>
    </message>
    <message>
        <source>Forking the chat…</source>
        <translation>Bifurcando la conversación…</translation>
    </message>
    <message>
        <source>Could not fork the chat: {error}</source>
        <translation>No se ha podido bifurcar la conversación: {error}</translation>
    </message>
    <message>
        <source>Forked into “{title}”.</source>
        <translation>Bifurcada en «{title}».</translation>
    </message>
    <message>
        <source>This chat has no code block to copy.</source>
        <translation>Esta conversación no tiene ningún bloque de código que copiar.</translation>
    </message>
    <message>
        <source>This chat has its own instructions.</source>
        <translation>Esta conversación tiene sus propias instrucciones.</translation>
    </message>
    <message>
        <source>This chat uses its agent&apos;s instructions.</source>
        <translation>Esta conversación usa las instrucciones de su agente.</translation>
    </message>
</context>
<context>
    <name>MessageBody</name>
    <message>
        <source>{size} MB</source>
        <translation>{size} MB</translation>
    </message>
    <message>
        <source>{size} KB</source>
        <translation>{size} KB</translation>
    </message>
    <message>
        <source>{count} lines</source>
        <translation>{count} líneas</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>images</source>
        <extracomment>The widest the button grows; a longer id is cut at its end (its start says which model).</extracomment>
        <translation>imágenes</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>herramientas</translation>
    </message>
    <message>
        <source>reasoning</source>
        <translation>razonamiento</translation>
    </message>
    <message>
        <source>{size}k context</source>
        <translation>contexto de {size}k</translation>
    </message>
    <message>
        <source>${given:.2f} / ${answered:.2f} per M tokens</source>
        <translation>${given:.2f} / ${answered:.2f} por millón de tokens</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Model for this chat</source>
        <translation>Modelo de esta conversación</translation>
    </message>
    <message>
        <source>{model} · {provider}</source>
        <translation>{model} · {provider}</translation>
    </message>
    <message>
        <source>Model for this chat: {model}</source>
        <translation>Modelo de esta conversación: {model}</translation>
    </message>
</context>
<context>
    <name>ModelPickerPopup</name>
    <message>
        <source>Choose a model</source>
        <translation>Elegir un modelo</translation>
    </message>
    <message>
        <source>Filter models</source>
        <translation>Filtrar modelos</translation>
    </message>
    <message>
        <source>Filter models, or type a model id…</source>
        <translation>Filtra los modelos o escribe un id. de modelo…</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelos</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>Fijar</translation>
    </message>
    <message>
        <source>Pin the model</source>
        <translation>Fijar el modelo</translation>
    </message>
    <message>
        <source>Refresh lists</source>
        <translation>Actualizar listas</translation>
    </message>
    <message>
        <source>Model list state</source>
        <translation>Estado de la lista de modelos</translation>
    </message>
    <message>
        <source>No provider is set up where this chat runs, so there is no model to pick. Add one in Settings → Providers, or in the agent server&apos;s settings.</source>
        <translation>No hay ningún proveedor configurado donde se ejecuta este chat, así que no hay ningún modelo que elegir. Añade uno en Configuración → Proveedores o en la configuración del servidor de agentes.</translation>
    </message>
    <message>
        <source>Listing models…</source>
        <translation>Obteniendo los modelos…</translation>
    </message>
    <message>
        <source>{model} — {provider}</source>
        <translation>{model} — {provider}</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>Fijados</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>Recientes</translation>
    </message>
    <message>
        <source>Could not list the models: {reason}</source>
        <translation>No se han podido obtener los modelos: {reason}</translation>
    </message>
    <message>
        <source>Use “{model}” from {provider}</source>
        <translation>Usar «{model}» de {provider}</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Dejar de fijar</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <source>Notice</source>
        <extracomment>The topic of &quot;the agent is still working in this chat&quot;: withdrawn once the chat is free. The topic of &quot;editing an earlier message&quot;: withdrawn once the edited answer is done.</extracomment>
        <translation>Aviso</translation>
    </message>
    <message>
        <source>Notice action</source>
        <translation>Acción del aviso</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Descartar</translation>
    </message>
    <message>
        <source>Dismiss notice</source>
        <translation>Descartar el aviso</translation>
    </message>
</context>
<context>
    <name>PathField</name>
    <message>
        <source>Choose {label}</source>
        <translation>Elegir {label}</translation>
    </message>
</context>
<context>
    <name>PluginActions</name>
    <message>
        <source>{kind} plugin, version {version}, by {author}</source>
        <translation>Complemento de tipo {kind}, versión {version}, de {author}</translation>
    </message>
    <message>
        <source>{kind} plugin, version {version}</source>
        <translation>Complemento de tipo {kind}, versión {version}</translation>
    </message>
    <message>
        <source>It cannot be loaded: {error}</source>
        <translation>No se puede cargar: {error}</translation>
    </message>
    <message>
        <source>Tools it adds:</source>
        <translation>Herramientas que añade:</translation>
    </message>
    <message>
        <source>It adds no tools.</source>
        <translation>No añade herramientas.</translation>
    </message>
    <message>
        <source>Settings it adds:</source>
        <translation>Opciones de configuración que añade:</translation>
    </message>
    <message>
        <source>It adds no settings.</source>
        <translation>No añade opciones de configuración.</translation>
    </message>
    <message>
        <source>It would not be installed: {problem}</source>
        <translation>No se instalaría: {problem}</translation>
    </message>
    <message>
        <source>secret, kept in the keyring</source>
        <translation>secreto, guardado en el llavero</translation>
    </message>
    <message>
        <source>default: {value}</source>
        <translation>predeterminado: {value}</translation>
    </message>
    <message>
        <source>Disable</source>
        <translation>Desactivar</translation>
    </message>
    <message>
        <source>Update</source>
        <translation>Actualizar</translation>
    </message>
    <message>
        <source>Remove…</source>
        <translation>Quitar…</translation>
    </message>
    <message>
        <source>Plugin details</source>
        <translation>Detalles del complemento</translation>
    </message>
    <message>
        <source>Choose a plugin to see what it is: its kind, tools and settings.</source>
        <translation>Elige un complemento para ver qué es: su tipo, herramientas y opciones de configuración.</translation>
    </message>
    <message>
        <source>Reading what {plugin} is…</source>
        <translation>Leyendo qué es {plugin}…</translation>
    </message>
    <message>
        <source>Enable</source>
        <translation>Activar</translation>
    </message>
    <message>
        <source>A provider is turned off by removing its connection on the Providers page.</source>
        <translation>Un proveedor se desactiva quitando su conexión en la página Proveedores.</translation>
    </message>
    <message>
        <source>{plugin} is turned on for every agent when you press OK.</source>
        <translation>{plugin} se activa para todos los agentes cuando pulses Aceptar.</translation>
    </message>
    <message>
        <source>{plugin} is turned off for every agent when you press OK: its tools are gone from the next request.</source>
        <translation>{plugin} se desactiva para todos los agentes cuando pulses Aceptar: sus herramientas desaparecen a partir de la siguiente solicitud.</translation>
    </message>
    <message>
        <source>Updating {plugin}…</source>
        <translation>Actualizando {plugin}…</translation>
    </message>
    <message>
        <source>Fetched {source} again: the new version loads at the next start.</source>
        <translation>Se volvió a obtener {source}: la nueva versión se carga en el próximo inicio.</translation>
    </message>
    <message>
        <source>Updated {name} to {version}: it runs from the next start.</source>
        <translation>{name} se actualizó a {version}: se ejecuta a partir del próximo inicio.</translation>
    </message>
    <message>
        <source>Remove {plugin}?</source>
        <translation>¿Quitar {plugin}?</translation>
    </message>
    <message>
        <source>Its package is deleted from the plugin folder; its tools are gone at once.</source>
        <translation>Su paquete se borra de la carpeta de complementos; sus herramientas desaparecen al instante.</translation>
    </message>
    <message>
        <source>Its source leaves the config when you press OK; it is gone from the next start.</source>
        <translation>Su origen sale de la configuración cuando pulses Aceptar; desaparece a partir del próximo inicio.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Removing {plugin}…</source>
        <translation>Quitando {plugin}…</translation>
    </message>
    <message>
        <source>Removed the source {source}: it is saved when you press OK.</source>
        <translation>Se quitó el origen {source}: se guarda cuando pulses Aceptar.</translation>
    </message>
    <message>
        <source>Removed {name}: its tools are gone.</source>
        <translation>Se quitó {name}: sus herramientas ya no están.</translation>
    </message>
</context>
<context>
    <name>PluginInstaller</name>
    <message>
        <source>Plugin to install</source>
        <translation>Complemento que instalar</translation>
    </message>
    <message>
        <source>A package name, a wheel file (.whl), path:/folder, git+URL or package.PluginClass</source>
        <translation>Un nombre de paquete, un archivo wheel (.whl), path:/carpeta, git+URL o paquete.ClaseComplemento</translation>
    </message>
    <message>
        <source>Choose wheel…</source>
        <translation>Elegir wheel…</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalles</translation>
    </message>
    <message>
        <source>See what it is (kind, tools, settings) before installing it</source>
        <translation>Ver qué es (tipo, herramientas, opciones de configuración) antes de instalarlo</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>Instalar</translation>
    </message>
    <message>
        <source>Choose a plugin wheel</source>
        <translation>Elegir el wheel de un complemento</translation>
    </message>
    <message>
        <source>Python wheels (*.whl)</source>
        <translation>Wheels de Python (*.whl)</translation>
    </message>
    <message>
        <source>Type or choose what to install first.</source>
        <translation>Escribe o elige primero lo que quieres instalar.</translation>
    </message>
    <message>
        <source>Installing {wheel}…</source>
        <translation>Instalando {wheel}…</translation>
    </message>
    <message>
        <source>Fetching {name} from the package index…</source>
        <translation>Obteniendo {name} del índice de paquetes…</translation>
    </message>
    <message>
        <source>Checking {source}…</source>
        <translation>Comprobando {source}…</translation>
    </message>
    <message>
        <source>Installed {name} {version} by {author}: it adds {plugins}. Its settings show the next time Settings opens.</source>
        <translation>Se ha instalado {name} {version} de {author}: añade {plugins}. Su configuración aparecerá la próxima vez que abras Configuración.</translation>
    </message>
    <message>
        <source>an unnamed author</source>
        <translation>un autor sin nombre</translation>
    </message>
    <message>
        <source>Added the plugin source {source}: it is saved when you press OK and loads at the next start.</source>
        <translation>Se añadió el origen de complementos {source}: se guarda al pulsar Aceptar y se carga en el próximo inicio.</translation>
    </message>
</context>
<context>
    <name>PluginSettingsPage</name>
    <message>
        <source>Settings of the plugin “{plugin}”{version}, for each agent.</source>
        <translation>Configuración del complemento «{plugin}»{version}, para cada agente.</translation>
    </message>
    <message>
        <source>Settings of the plugin “{plugin}”{version}, for the whole app.</source>
        <translation>Configuración del complemento «{plugin}»{version}, para toda la aplicación.</translation>
    </message>
    <message>
        <source>Settings for agent</source>
        <translation>Configuración para el agente</translation>
    </message>
</context>
<context>
    <name>PluginsPage</name>
    <message>
        <source>Plugin</source>
        <translation>Complemento</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Versión</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Activado</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Origen</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>provider</source>
        <extracomment>The kinds `plugin_discovery` sorts plugins into, and the tool plugins&apos; flavours (`agent_app.plugin_offers`), as the Kind column and the details name them.</extracomment>
        <translation>proveedor</translation>
    </message>
    <message>
        <source>extension</source>
        <translation>extensión</translation>
    </message>
    <message>
        <source>feature</source>
        <translation>función</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>herramienta</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
    <message>
        <source>agent-adapter tool</source>
        <translation>herramienta de adaptador de agente</translation>
    </message>
    <message>
        <source>OpenHands tool</source>
        <translation>herramienta de OpenHands</translation>
    </message>
    <message>
        <source>Node tool</source>
        <translation>herramienta de Node</translation>
    </message>
    <message>
        <source>Everything that was found at start-up. “Enabled” is for the default agent; change it per agent on the Agents page.</source>
        <translation>Todo lo que se encontró al iniciar. «Activado» es para el agente predeterminado; cámbialo por agente en la página Agentes.</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Problemas</translation>
    </message>
    <message>
        <source>on</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>off</source>
        <translation>no</translation>
    </message>
    <message>
        <source>Failed to load: {error}</source>
        <translation>No se pudo cargar: {error}</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>Cargado</translation>
    </message>
</context>
<context>
    <name>ProjectChats</name>
    <message>
        <source>No project was made of {folder}: {reason}</source>
        <translation>No se creó ningún proyecto con {folder}: {reason}</translation>
    </message>
    <message>
        <source>“{name}” is no longer a project; its folder is as it was.</source>
        <translation>«{name}» ya no es un proyecto; su carpeta sigue como estaba.</translation>
    </message>
    <message>
        <source>Pin a file of {name}</source>
        <translation>Fijar un archivo de {name}</translation>
    </message>
    <message>
        <source>{path} is not in the project&apos;s folder {folder}; only its files are pinned.</source>
        <translation>{path} no está en la carpeta del proyecto {folder}; solo se fijan sus archivos.</translation>
    </message>
    <message>
        <source>The project “{name}” is updated.</source>
        <translation>El proyecto «{name}» está actualizado.</translation>
    </message>
    <message>
        <source>No model is chosen yet: pick one in the message box, then try again.</source>
        <translation>Aún no hay ningún modelo elegido: elige uno en el cuadro de mensaje y vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>New chats in “{name}” use the model of the chat they are started from.</source>
        <translation>Las nuevas conversaciones de «{name}» usan el modelo de la conversación desde la que se inician.</translation>
    </message>
    <message>
        <source>New chats in “{name}” use {model}.</source>
        <translation>Las nuevas conversaciones de «{name}» usan {model}.</translation>
    </message>
    <message>
        <source>This chat is in the project “{name}”: it works in {folder}.</source>
        <translation>Esta conversación está en el proyecto «{name}»: trabaja en {folder}.</translation>
    </message>
</context>
<context>
    <name>ProjectsPanel</name>
    <message>
        <source>Projects</source>
        <translation>Proyectos</translation>
    </message>
    <message>
        <source>Projects and their chats</source>
        <translation>Proyectos y sus conversaciones</translation>
    </message>
    <message>
        <source>New chat in project</source>
        <translation>Nueva conversación en el proyecto</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nueva conversación</translation>
    </message>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n conversación</numerusform>
            <numerusform>%n conversaciones</numerusform>
        </translation>
    </message>
    <message>
        <source>New chats use {model}</source>
        <translation>Las nuevas conversaciones usan {model}</translation>
    </message>
    <message>
        <source>New chat in {name}</source>
        <translation>Nueva conversación en {name}</translation>
    </message>
    <message>
        <source>Project actions</source>
        <translation>Acciones del proyecto</translation>
    </message>
    <message>
        <source>Instructions…</source>
        <translation>Instrucciones…</translation>
    </message>
    <message>
        <source>Pin a file…</source>
        <translation>Fijar un archivo…</translation>
    </message>
    <message>
        <source>Use the model shown for its new chats</source>
        <translation>Usar el modelo mostrado para sus nuevas conversaciones</translation>
    </message>
    <message>
        <source>Stop using {model} for its new chats</source>
        <translation>Dejar de usar {model} para sus nuevas conversaciones</translation>
    </message>
</context>
<context>
    <name>PromptLayer</name>
    <message>
        <source>Approval prompts</source>
        <translation>Solicitudes de aprobación</translation>
    </message>
</context>
<context>
    <name>ProviderPresets</name>
    <message>
        <source>Other OpenAI-compatible server</source>
        <extracomment>The `preset` key the OpenAI-compatible plugin knows the server by (&quot;&quot; for none).</extracomment>
        <translation>Otro servidor compatible con OpenAI</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Add provider…</source>
        <translation>Añadir proveedor…</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Probar la conexión</translation>
    </message>
    <message>
        <source>Ask the server for its models with these settings</source>
        <translation>Pedir al servidor sus modelos con esta configuración</translation>
    </message>
    <message>
        <source>Found on this computer</source>
        <translation>Encontrados en este equipo</translation>
    </message>
    <message>
        <source>Services</source>
        <translation>Servicios</translation>
    </message>
    <message>
        <source>For tests</source>
        <translation>Para pruebas</translation>
    </message>
    <message>
        <source>No local server found running (Ollama, LM Studio…)</source>
        <translation>No se ha encontrado ningún servidor local en ejecución (Ollama, LM Studio…)</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>Corrige primero los campos resaltados de «{current_id}».</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n model(s) ({models}).</source>
        <translation>
            <numerusform>Conectado: %n modelo ({models}).</numerusform>
            <numerusform>Conectado: %n modelos ({models}).</numerusform>
        </translation>
    </message>
    <message>
        <source>Connected: no models.</source>
        <translation>Conectado: no hay modelos.</translation>
    </message>
</context>
<context>
    <name>RecordsField</name>
    <message>
        <source>Search</source>
        <translation>Buscar</translation>
    </message>
    <message>
        <source>Search {label}</source>
        <translation>Buscar en {label}</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>Edit the selected {label}</source>
        <translation>Editar {label} seleccionado</translation>
    </message>
    <message>
        <source>Delete the selected {label}</source>
        <translation>Eliminar {label} seleccionado</translation>
    </message>
</context>
<context>
    <name>RemoteChats</name>
    <message>
        <source>The agent server at {url} runs with the token it made on an earlier start, which this app does not know. Revoke it with &apos;agent-desktop serve --revoke-token --data-dir {folder}&apos; and start the server again to get a new one.</source>
        <translation>El servidor de agentes en {url} usa el token que creó en un inicio anterior, que esta aplicación no conoce. Revócalo con «agent-desktop serve --revoke-token --data-dir {folder}» e inicia el servidor de nuevo para obtener uno nuevo.</translation>
    </message>
    <message>
        <source>The agent server {server} stopped: {reason}</source>
        <translation>El servidor de agentes {server} se detuvo: {reason}</translation>
    </message>
    <message>
        <source>The access token of the agent server {server} is revoked: the server refuses it from now on. Restart the server to make a new one, then connect again.</source>
        <translation>Se ha revocado el token de acceso del servidor de agentes {server}: a partir de ahora el servidor lo rechaza. Reinicia el servidor para crear uno nuevo y vuelve a conectarte.</translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation>Cambiar el nombre de la conversación</translation>
    </message>
    <message>
        <source>New name of the chat on {server}</source>
        <translation>Nuevo nombre de la conversación en {server}</translation>
    </message>
</context>
<context>
    <name>RemoteServerSection</name>
    <message>
        <source>Agent server {server}</source>
        <translation>Servidor de agentes {server}</translation>
    </message>
    <message>
        <source>New chat on {server}</source>
        <translation>Nueva conversación en {server}</translation>
    </message>
    <message>
        <source>Settings of the agent server {server}</source>
        <translation>Configuración del servidor de agentes {server}</translation>
    </message>
    <message>
        <source>Chats on {server}</source>
        <translation>Conversaciones en {server}</translation>
    </message>
    <message>
        <source>Untitled chat</source>
        <translation>Conversación sin título</translation>
    </message>
</context>
<context>
    <name>ResourceBrowser</name>
    <message>
        <source>Tool server resources</source>
        <translation>Recursos de los servidores de herramientas</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>Recursos</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Descripción</translation>
    </message>
    <message>
        <source>Resource preview</source>
        <translation>Vista previa del recurso</translation>
    </message>
    <message>
        <source>Resource picture</source>
        <translation>Imagen del recurso</translation>
    </message>
    <message>
        <source>Resource browser message</source>
        <translation>Mensaje del explorador de recursos</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Adjuntar</translation>
    </message>
    <message>
        <source>Attach resource</source>
        <translation>Adjuntar recurso</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>{name} (template)</source>
        <translation>{name} (plantilla)</translation>
    </message>
    <message>
        <source>No running tool server offers resources.</source>
        <translation>Ningún servidor de herramientas en ejecución ofrece recursos.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <source>A template: Attach asks for its parameters ({names}), then reads the resource.</source>
        <translation>Una plantilla: Adjuntar pide sus parámetros ({names}) y después lee el recurso.</translation>
    </message>
    <message>
        <source>Reading {uri}…</source>
        <translation>Leyendo {uri}…</translation>
    </message>
    <message>
        <source>Could not read it: {error}</source>
        <translation>No se ha podido leer: {error}</translation>
    </message>
    <message>
        <source>{mime}, {size} (binary)</source>
        <translation>{mime}, {size} (binario)</translation>
    </message>
    <message numerus="yes">
        <source>… (%n characters in all)</source>
        <translation>
            <numerusform>… (%n carácter en total)</numerusform>
            <numerusform>… (%n caracteres en total)</numerusform>
        </translation>
    </message>
    <message>
        <source>Attaching {name}…</source>
        <translation>Adjuntando {name}…</translation>
    </message>
    <message>
        <source>Attached {name} to the message.</source>
        <translation>{name} se ha adjuntado al mensaje.</translation>
    </message>
    <message>
        <source>It was not attached.</source>
        <translation>No se ha adjuntado.</translation>
    </message>
    <message>
        <source>{name}: parameters</source>
        <translation>{name}: parámetros</translation>
    </message>
</context>
<context>
    <name>RowLayouter</name>
    <message>
        <source>Show all  ({size})</source>
        <translation>Mostrar todo  ({size})</translation>
    </message>
    <message numerus="yes">
        <source>… %n earlier characters not shown …</source>
        <translation>
            <numerusform>… no se muestra %n carácter anterior …</numerusform>
            <numerusform>… no se muestran %n caracteres anteriores …</numerusform>
        </translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>(sin salida)</translation>
    </message>
</context>
<context>
    <name>RowTasks</name>
    <message>
        <source>Could not ask the server to cancel the task: {error}</source>
        <translation>No se ha podido pedir al servidor que cancele la tarea: {error}</translation>
    </message>
    <message>
        <source>Asked the server to cancel {task}; its row shows how it ended.</source>
        <translation>Se ha pedido al servidor que cancele {task}; su fila mostrará cómo terminó.</translation>
    </message>
</context>
<context>
    <name>ScheduleEditor</name>
    <message>
        <source>Schedule</source>
        <extracomment>Every configured provider with its models (the model catalog&apos;s listing, off the GUI thread).</extracomment>
        <translation>Programación</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Indicación</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Use the agent&apos;s model</source>
        <translation>Usar el modelo del agente</translation>
    </message>
    <message>
        <source>Answer in</source>
        <translation>Responder en</translation>
    </message>
    <message>
        <source>A new chat each run</source>
        <translation>Un chat nuevo en cada ejecución</translation>
    </message>
    <message>
        <source>this chat</source>
        <translation>este chat</translation>
    </message>
    <message>
        <source>The chat “{title}”</source>
        <translation>El chat «{title}»</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>Repetir</translation>
    </message>
    <message>
        <source>Every day</source>
        <translation>Cada día</translation>
    </message>
    <message>
        <source>Weekdays</source>
        <translation>Días laborables</translation>
    </message>
    <message>
        <source>Weekly on</source>
        <translation>Cada semana el</translation>
    </message>
    <message>
        <source>Every N minutes</source>
        <translation>Cada N minutos</translation>
    </message>
    <message>
        <source>Hourly</source>
        <translation>Cada hora</translation>
    </message>
    <message>
        <source>Day</source>
        <translation>Día</translation>
    </message>
    <message>
        <source>Minutes</source>
        <translation>Minutos</translation>
    </message>
    <message>
        <source>At</source>
        <translation>A las</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>Zona horaria</translation>
    </message>
    <message>
        <source>Missed runs</source>
        <translation>Ejecuciones perdidas</translation>
    </message>
    <message>
        <source>Run once on return</source>
        <translation>Ejecutar una vez al volver</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Omitir</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Activada</translation>
    </message>
    <message>
        <source>Schedules run while Agent Desktop runs, also hidden in the tray. To run them with the window closed, turn on “Run schedules when the app is closed” in the Schedules window, or run “agent-desktop serve” on this data folder.</source>
        <translation>Las programaciones se ejecutan mientras Agent Desktop está abierto, también oculto en la bandeja. Para ejecutarlas con la ventana cerrada, activa «Ejecutar las programaciones con la aplicación cerrada» en la ventana Programaciones, o ejecuta «agent-desktop serve» sobre esta carpeta de datos.</translation>
    </message>
    <message>
        <source>The agent&apos;s own model</source>
        <translation>El modelo propio del agente</translation>
    </message>
    <message>
        <source>Runs use the model of the schedule&apos;s agent.</source>
        <translation>Las ejecuciones usan el modelo del agente de la programación.</translation>
    </message>
</context>
<context>
    <name>ScheduleRuns</name>
    <message>
        <source>Scheduled run finished</source>
        <translation>Ejecución programada terminada</translation>
    </message>
    <message>
        <source>A scheduled run needs you</source>
        <translation>Una ejecución programada te necesita</translation>
    </message>
    <message>
        <source>{name}: a tool waits for your approval in its chat.</source>
        <translation>{name}: una herramienta espera tu aprobación en su chat.</translation>
    </message>
    <message>
        <source>A scheduled run failed</source>
        <translation>Una ejecución programada falló</translation>
    </message>
</context>
<context>
    <name>SchedulesDialog</name>
    <message>
        <source>Schedules</source>
        <translation>Programaciones</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Añadir…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Editar…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>Run schedules when the app is closed</source>
        <translation>Ejecutar las programaciones con la aplicación cerrada</translation>
    </message>
    <message>
        <source>Installs a user service that runs this data folder&apos;s schedules at login, without a window (systemd on Linux). A run is never started twice.</source>
        <translation>Instala un servicio de usuario que ejecuta las programaciones de esta carpeta de datos al iniciar sesión, sin ventana (systemd en Linux). Una ejecución nunca se inicia dos veces.</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historial</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Prevista</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <source>Open the run&apos;s chat</source>
        <translation>Abrir el chat de la ejecución</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>En curso</translation>
    </message>
    <message>
        <source>Needs you</source>
        <translation>Te necesita</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Hecha</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falló</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Omitida</translation>
    </message>
    <message>
        <source>Also stands for missed due times: {count}</source>
        <translation>También cubre horas previstas perdidas: {count}</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <source>Your choices: keep the key for this session only (enter it again after a restart); type ${env:VARIABLE} to read it from an environment variable on every start; or unlock or install a keyring (GNOME Keyring, KWallet) and restart.</source>
        <extracomment>What a user without a working keyring can do, said where a key is typed.</extracomment>
        <translation>Tus opciones: conservar la clave solo durante esta sesión (tendrás que volver a escribirla tras reiniciar); escribir ${env:VARIABLE} para leerla de una variable de entorno en cada inicio; o desbloquear o instalar un llavero (GNOME Keyring, KWallet) y reiniciar.</translation>
    </message>
</context>
<context>
    <name>SelectableText</name>
    <message>
        <source>Message text</source>
        <translation>Texto del mensaje</translation>
    </message>
</context>
<context>
    <name>ServerLogDialog</name>
    <message>
        <source>Log of {server}</source>
        <translation>Registro de {server}</translation>
    </message>
    <message>
        <source>(nothing logged yet)</source>
        <translation>(aún no hay nada en el registro)</translation>
    </message>
</context>
<context>
    <name>ServerSettingsDialog</name>
    <message>
        <source>Not available for an agent server: it would pick a file or folder on this computer, which the server cannot read. Use it in the settings of the app on the server&apos;s computer.</source>
        <translation>No disponible para un servidor de agentes: elegiría un archivo o una carpeta en este equipo, que el servidor no puede leer. Úsalo en la configuración de la aplicación en el equipo del servidor.</translation>
    </message>
    <message>
        <source>Settings of the agent server {server}</source>
        <translation>Configuración del servidor de agentes {server}</translation>
    </message>
    <message>
        <source>These settings are kept on the agent server {server} and used by its agent; secrets typed here go to that server&apos;s keyring and are never sent back.</source>
        <translation>Esta configuración se guarda en el servidor de agentes {server} y la usa su agente; los secretos que escribas aquí van al llavero de ese servidor y nunca se devuelven.</translation>
    </message>
    <message>
        <source>Agent:</source>
        <translation>Agente:</translation>
    </message>
    <message>
        <source>Agent of the server</source>
        <translation>Agente del servidor</translation>
    </message>
    <message>
        <source>Whose settings these pages show and change.</source>
        <translation>De quién es la configuración que muestran y cambian estas páginas.</translation>
    </message>
    <message>
        <source>Plugins of the server</source>
        <translation>Complementos del servidor</translation>
    </message>
    <message>
        <source>Reading the settings from the server…</source>
        <translation>Leyendo la configuración del servidor…</translation>
    </message>
    <message>
        <source>Revoke the access token…</source>
        <translation>Revocar el token de acceso…</translation>
    </message>
    <message>
        <source>The server refuses this token from then on, from every computer that has it; restarting the server makes a new one.</source>
        <translation>A partir de entonces el servidor rechaza este token, desde cualquier equipo que lo tenga; al reiniciar el servidor se crea uno nuevo.</translation>
    </message>
    <message>
        <source>Settings of the plugin “{plugin}” on the server.</source>
        <translation>Configuración del complemento «{plugin}» en el servidor.</translation>
    </message>
    <message>
        <source>The server&apos;s plugins have no settings to change.</source>
        <translation>Los complementos del servidor no tienen ninguna configuración que cambiar.</translation>
    </message>
    <message>
        <source>Save or cancel the changes to this agent&apos;s settings first.</source>
        <translation>Primero guarda o cancela los cambios en la configuración de este agente.</translation>
    </message>
    <message>
        <source>Revoke the access token?</source>
        <translation>¿Revocar el token de acceso?</translation>
    </message>
    <message>
        <source>The server refuses this token from now on, here and on every computer it was given to, and this window disconnects from it. To connect again, restart &apos;agent-desktop serve&apos;: it makes and shows a new token.</source>
        <translation>A partir de ahora el servidor rechaza este token, aquí y en todos los equipos a los que se dio, y esta ventana se desconecta de él. Para volver a conectarte, reinicia «agent-desktop serve»: crea y muestra un token nuevo.</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Revocar</translation>
    </message>
</context>
<context>
    <name>ServerSignInPanel</name>
    <message>
        <source>MCP server sign-in</source>
        <translation>Inicio de sesión en el servidor MCP</translation>
    </message>
    <message>
        <source>MCP sign-in result</source>
        <translation>Resultado del inicio de sesión MCP</translation>
    </message>
    <message>
        <source>Sign in again</source>
        <translation>Volver a iniciar sesión</translation>
    </message>
    <message>
        <source>Forget this server&apos;s access and open its login page in your browser</source>
        <translation>Olvidar el acceso a este servidor y abrir su página de inicio de sesión en el navegador</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>Cerrar sesión</translation>
    </message>
    <message>
        <source>Forget this server&apos;s access; its tools stop until you sign in</source>
        <translation>Olvidar el acceso a este servidor; sus herramientas dejan de funcionar hasta que vuelvas a iniciar sesión</translation>
    </message>
</context>
<context>
    <name>ServerStatusLog</name>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n herramienta</numerusform>
            <numerusform>%n herramientas</numerusform>
        </translation>
    </message>
    <message>
        <source>{state}: {reason} (stderr: {said})</source>
        <translation>{state}: {reason} (stderr: {said})</translation>
    </message>
    <message>
        <source>{state} It failed before: {reason} (stderr: {said})</source>
        <translation>{state} Falló antes: {reason} (stderr: {said})</translation>
    </message>
    <message>
        <source>MCP server status</source>
        <translation>Estado del servidor MCP</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>Mostrar el registro</translation>
    </message>
    <message>
        <source>MCP server log</source>
        <translation>Registro del servidor MCP</translation>
    </message>
    <message>
        <source>Nothing logged yet.</source>
        <translation>Aún no hay nada en el registro.</translation>
    </message>
    <message>
        <source>Hide log</source>
        <translation>Ocultar el registro</translation>
    </message>
</context>
<context>
    <name>ServerTokenDialog</name>
    <message>
        <source>Access token of the agent server</source>
        <translation>Token de acceso del servidor de agentes</translation>
    </message>
    <message>
        <source>The agent server at {url} is running. Every request to it carries this token. Copy it now to connect from another app or computer: it will not be shown again. This app keeps it and connects by itself. To revoke it, use &apos;Revoke the access token&apos; in the server&apos;s settings, or run &apos;agent-desktop serve --revoke-token&apos;.</source>
        <translation>El servidor de agentes en {url} está en marcha. Cada solicitud que recibe lleva este token. Cópialo ahora para conectarte desde otra aplicación u otro equipo: no se volverá a mostrar. Esta aplicación lo guarda y se conecta por sí sola. Para revocarlo, usa «Revocar el token de acceso» en la configuración del servidor o ejecuta «agent-desktop serve --revoke-token».</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>Token de acceso</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy the access token</source>
        <translation>Copiar el token de acceso</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copiado</translation>
    </message>
</context>
<context>
    <name>SessionActionRunner</name>
    <message>
        <source>Open or start a conversation first, then run the action on it.</source>
        <translation>Abre o inicia primero una conversación y después ejecuta la acción en ella.</translation>
    </message>
    <message>
        <source>“{action}” is still running; wait for it or cancel it first.</source>
        <translation>«{action}» todavía se está ejecutando; espera a que termine o cancélala primero.</translation>
    </message>
    <message>
        <source>Select the messages for “{action}” first: click the first one and Shift+click the last one, then choose it again.</source>
        <translation>Selecciona primero los mensajes para «{action}»: haz clic en el primero y Mayús+clic en el último, y vuelve a elegirla.</translation>
    </message>
</context>
<context>
    <name>SessionFiles</name>
    <message>
        <source>Export chat</source>
        <translation>Exportar la conversación</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Import chats</source>
        <translation>Importar conversaciones</translation>
    </message>
    <message>
        <source>Agent Desktop chats (*{suffix} *.json)</source>
        <translation>Conversaciones de Agent Desktop (*{suffix} *.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}. Choose another place.</source>
        <translation>No se ha podido escribir {path}: {reason}. Elige otra ubicación.</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>Exportada a {path}.</translation>
    </message>
    <message>
        <source>{path} was not imported: {error}</source>
        <translation>{path} no se ha importado: {error}</translation>
    </message>
</context>
<context>
    <name>SessionSidebar</name>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>Se ha importado %n conversación.</numerusform>
            <numerusform>Se han importado %n conversaciones.</numerusform>
        </translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation>Requiere aprobación</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Respuesta</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Herramienta</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <source>{place}:</source>
        <translation>{place}:</translation>
    </message>
    <message>
        <source>now</source>
        <translation>ahora</translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n min</numerusform>
            <numerusform>%n min</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n h</numerusform>
            <numerusform>%n h</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n d</numerusform>
            <numerusform>%n d</numerusform>
        </translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversaciones</translation>
    </message>
    <message>
        <source>New chat (Ctrl+N)</source>
        <translation>Nueva conversación (Ctrl+N)</translation>
    </message>
    <message>
        <source>Search chats  (Ctrl+K)</source>
        <translation>Buscar conversaciones  (Ctrl+K)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Buscar conversaciones</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Buscar</translation>
    </message>
    <message>
        <source>Conversation list</source>
        <translation>Lista de conversaciones</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>No hay coincidencias</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Cambiar el nombre</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>Exportar como Markdown…</translation>
    </message>
    <message>
        <source>Export as JSON…</source>
        <translation>Exportar como JSON…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <source>{label} ({unit})</source>
        <extracomment>What a JSON-schema type is drawn as when the field names no `widget`.</extracomment>
        <translation>{label} ({unit})</translation>
    </message>
    <message>
        <source>General</source>
        <translation>General</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Herramientas</translation>
    </message>
    <message>
        <source>Appearance</source>
        <extracomment>Drawn per server on the Tools page (not a field of a section&apos;s form).</extracomment>
        <translation>Aspecto</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Seguir al sistema</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Oscuro</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Alto contraste</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>Send messages with</source>
        <translation>Enviar mensajes con</translation>
    </message>
    <message>
        <source>Enter (Shift+Enter for a new line)</source>
        <translation>Intro (Mayús+Intro para una línea nueva)</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>Ctrl+Intro</translation>
    </message>
    <message>
        <source>Tool rounds per request</source>
        <translation>Rondas de herramientas por solicitud</translation>
    </message>
    <message>
        <source>The agent stops after this many rounds of tool calls in one request.</source>
        <translation>El agente se detiene tras este número de rondas de llamadas a herramientas en una solicitud.</translation>
    </message>
    <message>
        <source>Tool time limit</source>
        <translation>Tiempo límite de las herramientas</translation>
    </message>
    <message>
        <source>A tool that runs longer than this is stopped.</source>
        <translation>Se detiene la herramienta que se ejecute durante más tiempo.</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>segundos</translation>
    </message>
    <message>
        <source>Plugin time limit (seconds)</source>
        <translation>Tiempo límite de los complementos (segundos)</translation>
    </message>
    <message>
        <source>A plugin hook still running after this long stops its request, so the app keeps responding.</source>
        <translation>Un enlace de complemento que siga ejecutándose pasado este tiempo detiene su solicitud, para que la aplicación siga respondiendo.</translation>
    </message>
    <message>
        <source>Largest attachment</source>
        <translation>Adjunto más grande</translation>
    </message>
    <message>
        <source>Files larger than this are not attached.</source>
        <translation>No se adjuntan los archivos más grandes.</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>MCP server trust</source>
        <translation>Confianza en servidores MCP</translation>
    </message>
    <message>
        <source>Per MCP server: whether the tools it marks read-only may run without asking (a server&apos;s hints are its own claims). Servers not listed are asked about.</source>
        <translation>Por servidor MCP: si las herramientas que marca como de solo lectura pueden ejecutarse sin preguntar (las indicaciones de un servidor son sus propias afirmaciones). Se pregunta por los servidores no incluidos.</translation>
    </message>
    <message>
        <source>Extra plugin folders</source>
        <translation>Carpetas de complementos adicionales</translation>
    </message>
    <message>
        <source>Folders holding agent_plugin.json plugins, one per line; loaded on the next start.</source>
        <translation>Carpetas con complementos agent_plugin.json, una por línea; se cargan en el próximo inicio.</translation>
    </message>
    <message>
        <source>Plugin package index</source>
        <translation>Índice de paquetes de complementos</translation>
    </message>
    <message>
        <source>Where Settings → Plugins finds a plugin installed by its package name (the address of a simple repository index).</source>
        <translation>Dónde busca Configuración → Complementos un complemento instalado por su nombre de paquete (la dirección de un índice de repositorio simple).</translation>
    </message>
    <message>
        <source>Developer mode</source>
        <translation>Modo de desarrollador</translation>
    </message>
    <message>
        <source>Also list plugins that exist for tests and demos (such as scripted replies).</source>
        <translation>Mostrar también los complementos para pruebas y demostraciones (como las respuestas guionizadas).</translation>
    </message>
    <message>
        <source>Text size (%)</source>
        <translation>Tamaño del texto (%)</translation>
    </message>
    <message>
        <source>Size of the chat&apos;s text, relative to the system font (View → Bigger text).</source>
        <translation>Tamaño del texto de la conversación respecto a la fuente del sistema (Ver → Texto más grande).</translation>
    </message>
    <message>
        <source>Show the sidebar</source>
        <translation>Mostrar la barra lateral</translation>
    </message>
    <message>
        <source>The list of chats on the left.</source>
        <translation>La lista de conversaciones a la izquierda.</translation>
    </message>
    <message>
        <source>Show an icon in the system tray</source>
        <translation>Mostrar un icono en la bandeja del sistema</translation>
    </message>
    <message>
        <source>Show or hide the window and start a chat from the tray; when the window is hidden, a finished answer is announced there.</source>
        <translation>Muestra u oculta la ventana e inicia conversaciones desde la bandeja; con la ventana oculta, allí se avisa de cada respuesta terminada.</translation>
    </message>
    <message>
        <source>Quick entry shortcut</source>
        <translation>Atajo de entrada rápida</translation>
    </message>
    <message>
        <source>Keys that work in every app: they bring this window forward with the message box of a new chat ready (or of the chat shown, while it is empty or holds a draft). Empty: off. The command agent-desktop --quick-entry does the same.</source>
        <translation>Teclas que funcionan en cualquier aplicación: traen esta ventana al frente con el cuadro de mensaje de una conversación nueva listo (o el de la conversación mostrada, si está vacía o tiene un borrador). Vacío: desactivado. El comando agent-desktop --quick-entry hace lo mismo.</translation>
    </message>
    <message>
        <source>Ask before every tool (hints ignored)</source>
        <translation>Preguntar antes de cada herramienta (se ignoran las indicaciones)</translation>
    </message>
    <message>
        <source>Run tools it marks read-only without asking</source>
        <translation>Ejecutar sin preguntar las herramientas que marca como de solo lectura</translation>
    </message>
    <message>
        <source>Name</source>
        <extracomment>Keys that say where a provider connects and with which credential: they belong to the provider entry, never to an agent (where they would reach every provider the agent is switched to). Keys of a provider entry an agent cannot set for itself (its parameters may set the rest). Pages of the Settings dialog that show entries of these models (schema extra `section`).</extracomment>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>e.g. Writer</source>
        <translation>p. ej., Redactor</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Proveedor</translation>
    </message>
    <message>
        <source>The connection this agent talks through (Providers page).</source>
        <translation>La conexión a través de la que habla este agente (página Proveedores).</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Modelo predeterminado</translation>
    </message>
    <message>
        <source>Empty: the provider&apos;s own default model. “Test connection” on the Providers page lists what the server offers.</source>
        <translation>Vacío: el modelo predeterminado del propio proveedor. «Probar conexión» en la página Proveedores lista lo que ofrece el servidor.</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Instrucciones del sistema</translation>
    </message>
    <message>
        <source>You are a helpful assistant…</source>
        <translation>Eres un asistente útil…</translation>
    </message>
    <message>
        <source>Other parameters (JSON)</source>
        <translation>Otros parámetros (JSON)</translation>
    </message>
    <message>
        <source>Advanced: request settings the provider does not declare, e.g. {&quot;seed&quot;: 7}.</source>
        <translation>Avanzado: ajustes de la solicitud que el proveedor no declara, p. ej., {&quot;seed&quot;: 7}.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <extracomment>Page names other parts of the app can open the dialog on.</extracomment>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Páginas de configuración</translation>
    </message>
    <message>
        <source>Saving status</source>
        <translation>Estado del guardado</translation>
    </message>
    <message>
        <source>Loading plugin settings…</source>
        <translation>Cargando la configuración de complementos…</translation>
    </message>
    <message>
        <source>PLUGIN SETTINGS</source>
        <translation>CONFIGURACIÓN DE COMPLEMENTOS</translation>
    </message>
    <message>
        <source>Saving… (the system keyring may ask to be unlocked first)</source>
        <translation>Guardando… (puede que el llavero del sistema pida desbloquearse primero)</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Guardando…</translation>
    </message>
    <message>
        <source>“{page}” has settings that need fixing (marked in red).</source>
        <translation>«{page}» tiene ajustes que hay que corregir (marcados en rojo).</translation>
    </message>
    <message>
        <source>Nothing was saved: {details}</source>
        <translation>No se guardó nada: {details}</translation>
    </message>
</context>
<context>
    <name>SettingsPages</name>
    <message>
        <source>Agents</source>
        <extracomment>Form keys of declared parameters: `parameters.&lt;name&gt;`.</extracomment>
        <translation>Agentes</translation>
    </message>
    <message>
        <source>An agent is a provider and model with its own system prompt, parameters and plugins.</source>
        <translation>Un agente es un proveedor y un modelo con su propio prompt de sistema, parámetros y complementos.</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>agente</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Servidores MCP</translation>
    </message>
    <message>
        <source>Model Context Protocol servers whose tools the agents can use: a command to start (stdio) or a URL (HTTP).</source>
        <translation>Servidores Model Context Protocol cuyas herramientas pueden usar los agentes: un comando para iniciarlos (stdio) o una URL (HTTP).</translation>
    </message>
    <message>
        <source>server</source>
        <translation>servidor</translation>
    </message>
    <message>
        <source>Plugins</source>
        <translation>Complementos</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Proveedores</translation>
    </message>
    <message>
        <source>Connections to model servers. Each provider keeps its own address, key and model. Keys go to the system keyring, never to the config file; ${env:VARIABLE} reads one from the environment instead.</source>
        <translation>Conexiones a servidores de modelos. Cada proveedor guarda su propia dirección, clave y modelo. Las claves van al llavero del sistema, nunca al archivo de configuración; ${env:VARIABLE} lee una del entorno.</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>proveedor</translation>
    </message>
</context>
<context>
    <name>SidebarSessions</name>
    <message>
        <source>the chat</source>
        <translation>la conversación</translation>
    </message>
    <message>
        <source>Deleted “{title}”.</source>
        <translation>Se ha eliminado «{title}».</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Deshacer</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <source>Sign in to {server}</source>
        <translation>Iniciar sesión en {server}</translation>
    </message>
    <message>
        <source>The tool server &apos;{server}&apos; needs you to sign in</source>
        <translation>El servidor de herramientas &apos;{server}&apos; necesita que inicies sesión</translation>
    </message>
    <message>
        <source>Agent Desktop keeps the access in your system keyring.</source>
        <translation>Agent Desktop guarda el acceso en el llavero del sistema.</translation>
    </message>
    <message>
        <source>{problem} The access is kept for this session only: you sign in again after a restart.</source>
        <translation>{problem} El acceso se conserva solo durante esta sesión: tendrás que volver a iniciar sesión tras reiniciar.</translation>
    </message>
    <message>
        <source>Your browser will open the login page on {host}. After you sign in there, the page sends you back to Agent Desktop and the server&apos;s tools become available.</source>
        <translation>El navegador abrirá la página de inicio de sesión en {host}. Cuando inicies sesión allí, la página te devolverá a Agent Desktop y las herramientas del servidor estarán disponibles.</translation>
    </message>
    <message>
        <source>Login page: {page}</source>
        <translation>Página de inicio de sesión: {page}</translation>
    </message>
    <message>
        <source>Login page address</source>
        <translation>Dirección de la página de inicio de sesión</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Ahora no</translation>
    </message>
    <message>
        <source>The server stays signed out; Settings → MCP servers → Sign in again starts later</source>
        <translation>El servidor sigue sin sesión; Configuración → Servidores MCP → Volver a iniciar sesión lo inicia más tarde</translation>
    </message>
    <message>
        <source>Open {shown_host}</source>
        <translation>Abrir {shown_host}</translation>
    </message>
</context>
<context>
    <name>StartServerDialog</name>
    <message>
        <source>Start an agent server on this computer</source>
        <translation>Iniciar un servidor de agentes en este equipo</translation>
    </message>
    <message>
        <source>The agent runs in a server of its own, without a window, with its own data folder. Only this computer can reach it on 127.0.0.1; another address needs TLS, as the server will tell you.</source>
        <translation>El agente se ejecuta en un servidor propio, sin ventana, con su propia carpeta de datos. En 127.0.0.1 solo este equipo puede alcanzarlo; otra dirección requiere TLS, como te indicará el servidor.</translation>
    </message>
    <message>
        <source>Address to listen on</source>
        <translation>Dirección en la que escuchar</translation>
    </message>
    <message>
        <source>Listen on</source>
        <translation>Escuchar en</translation>
    </message>
    <message>
        <source>Keep running after the app quits</source>
        <translation>Seguir en marcha al salir de la aplicación</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Iniciar</translation>
    </message>
    <message>
        <source>Starting the agent server…</source>
        <translation>Iniciando el servidor de agentes…</translation>
    </message>
</context>
<context>
    <name>TaskControls</name>
    <message>
        <source>Progress of {tool}</source>
        <translation>Progreso de {tool}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Cancel {tool}</source>
        <translation>Cancelar {tool}</translation>
    </message>
    <message>
        <source>Ask the server to stop this task</source>
        <translation>Pedir al servidor que detenga esta tarea</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelando…</translation>
    </message>
</context>
<context>
    <name>TasksView</name>
    <message>
        <source>Running tasks</source>
        <translation>Tareas en ejecución</translation>
    </message>
    <message>
        <source>Open chat</source>
        <translation>Abrir la conversación</translation>
    </message>
    <message>
        <source>Cancel task</source>
        <translation>Cancelar la tarea</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <source>{task} — in “{chat}”</source>
        <translation>{task} — en «{chat}»</translation>
    </message>
    <message>
        <source>No task is running.</source>
        <translation>No hay ninguna tarea en ejecución.</translation>
    </message>
    <message>
        <source>Could not cancel {task}: {error}</source>
        <translation>No se ha podido cancelar {task}: {error}</translation>
    </message>
    <message>
        <source>Asked the server to cancel {task}; its chat shows how it ended.</source>
        <translation>Se ha pedido al servidor que cancele {task}; su conversación mostrará cómo terminó.</translation>
    </message>
</context>
<context>
    <name>ToolRule</name>
    <message>
        <source>commands starting with “{value}”</source>
        <translation>comandos que empiezan por «{value}»</translation>
    </message>
    <message>
        <source>files in the agent&apos;s workspace folder</source>
        <translation>archivos de la carpeta de trabajo del agente</translation>
    </message>
    <message>
        <source>paths under “{value}”</source>
        <translation>rutas dentro de «{value}»</translation>
    </message>
    <message>
        <source>URLs on {value}</source>
        <translation>URL de {value}</translation>
    </message>
</context>
<context>
    <name>ToolRulesList</name>
    <message>
        <source>Argument rules</source>
        <translation>Reglas de argumentos</translation>
    </message>
    <message>
        <source>Allowed by rule</source>
        <translation>Permitida por una regla</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Herramienta</translation>
    </message>
    <message>
        <source>Runs without asking for</source>
        <translation>Se ejecuta sin preguntar para</translation>
    </message>
    <message>
        <source>No rules. Choose “Always allow …” in an approval prompt to allow one tool only for calls like that one (a command prefix, a folder, a web domain).</source>
        <translation>No hay reglas. Elige «Permitir siempre …» en una solicitud de aprobación para permitir una herramienta solo en llamadas como esa (un prefijo de comando, una carpeta, un dominio web).</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Revocar</translation>
    </message>
    <message>
        <source>Revoke rule: {tool} {rule}</source>
        <translation>Revocar la regla: {tool} {rule}</translation>
    </message>
    <message>
        <source>Ask again before “{tool}” runs for {rule}</source>
        <translation>Volver a preguntar antes de que «{tool}» se ejecute para {rule}</translation>
    </message>
</context>
<context>
    <name>ToolServers</name>
    <message>
        <source>sign-in needed</source>
        <translation>requiere iniciar sesión</translation>
    </message>
    <message>
        <source>starting again — failed: {reason} (stderr: {said})</source>
        <translation>iniciando de nuevo — error: {reason} (stderr: {said})</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>iniciando…</translation>
    </message>
    <message>
        <source>failed: {reason} (stderr: {said})</source>
        <translation>error: {reason} (stderr: {said})</translation>
    </message>
    <message>
        <source>failed: {reason}</source>
        <translation>error: {reason}</translation>
    </message>
    <message>
        <source>turned off</source>
        <translation>desactivado</translation>
    </message>
    <message>
        <source>not started yet</source>
        <translation>aún no iniciado</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Herramientas</translation>
    </message>
    <message>
        <source>Tools {ready}/{enabled}</source>
        <translation>Herramientas {ready}/{enabled}</translation>
    </message>
</context>
<context>
    <name>ToolServersButton</name>
    <message numerus="yes">
        <source>ready · %n tool(s)</source>
        <translation>
            <numerusform>listo · %n herramienta</numerusform>
            <numerusform>listo · %n herramientas</numerusform>
        </translation>
    </message>
    <message>
        <source>Tool servers</source>
        <translation>Servidores de herramientas</translation>
    </message>
    <message>
        <source>Tool servers: their state, logs and resources</source>
        <translation>Servidores de herramientas: su estado, registros y recursos</translation>
    </message>
    <message>
        <source>Tool servers menu</source>
        <translation>Menú de servidores de herramientas</translation>
    </message>
    <message>
        <source>Tool server {server}</source>
        <translation>Servidor de herramientas {server}</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>Mostrar el registro</translation>
    </message>
    <message>
        <source>Browse resources…</source>
        <translation>Explorar recursos…</translation>
    </message>
    <message>
        <source>No tool servers are set up</source>
        <translation>No hay servidores de herramientas configurados</translation>
    </message>
    <message>
        <source>Running tasks…</source>
        <translation>Tareas en ejecución…</translation>
    </message>
</context>
<context>
    <name>ToolsPage</name>
    <message>
        <source>Tool</source>
        <translation>Herramienta</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Decisión</translation>
    </message>
    <message>
        <source>Remembered approvals</source>
        <translation>Aprobaciones recordadas</translation>
    </message>
    <message>
        <source>No remembered decisions: every tool that changes things will ask.</source>
        <translation>No hay decisiones recordadas: toda herramienta que cambia cosas preguntará.</translation>
    </message>
    <message>
        <source>Available tools</source>
        <translation>Herramientas disponibles</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>Complemento</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Se ejecuta</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>Permitir siempre</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Revocar</translation>
    </message>
    <message>
        <source>Ask again before “{tool}” runs</source>
        <translation>Volver a preguntar antes de ejecutar «{tool}»</translation>
    </message>
</context>
<context>
    <name>TrayIcon</name>
    <message>
        <source>Hide window</source>
        <translation>Ocultar la ventana</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Salir</translation>
    </message>
    <message>
        <source>Show window</source>
        <translation>Mostrar la ventana</translation>
    </message>
    <message>
        <source>Answer ready</source>
        <translation>Respuesta lista</translation>
    </message>
    <message>
        <source>Your chat has a new answer.</source>
        <translation>Tu conversación tiene una respuesta nueva.</translation>
    </message>
</context>
<context>
    <name>TurnOutcome</name>
    <message>
        <source>incomplete</source>
        <translation>incompleta</translation>
    </message>
    <message>
        <source>stopped by you</source>
        <extracomment>How a request ended, from a provider&apos;s failure kind; anything else &quot;failed&quot;. How a request stopped before its end: the user&apos;s Stop (or Esc), or the app quitting. What the chat and the status bar call each ending.</extracomment>
        <translation>detenida por ti</translation>
    </message>
    <message>
        <source>stopped when the app quit</source>
        <translation>detenida al cerrar la aplicación</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>tiempo agotado</translation>
    </message>
    <message>
        <source>connection cut</source>
        <translation>conexión interrumpida</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fallido</translation>
    </message>
    <message>
        <source>The model returned nothing.</source>
        <translation>El modelo no ha devuelto nada.</translation>
    </message>
</context>
<context>
    <name>TurnOutcomePanel</name>
    <message>
        <source>How the last request ended</source>
        <translation>Cómo terminó la última solicitud</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problema</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Reintentar</translation>
    </message>
    <message>
        <source>Send the last message again</source>
        <translation>Volver a enviar el último mensaje</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalles</translation>
    </message>
    <message>
        <source>Show the technical details</source>
        <translation>Mostrar los detalles técnicos</translation>
    </message>
    <message>
        <source>Technical details</source>
        <translation>Detalles técnicos</translation>
    </message>
    <message>
        <source>Timed out</source>
        <extracomment>The short bold line above the sentence, by how the request ended.</extracomment>
        <translation>Tiempo agotado</translation>
    </message>
    <message>
        <source>Connection cut</source>
        <translation>Conexión interrumpida</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>Empty answer</source>
        <translation>Respuesta vacía</translation>
    </message>
</context>
<context>
    <name>ViewHelper</name>
    <message>
        <source>this installation has no web engine for MCP App views (the Linux bundle leaves QtWebEngine out to stay small); the tool&apos;s text result is shown instead. To see views, install the Flatpak, or run Agent Desktop from a checkout with &apos;uv run agent-desktop&apos;</source>
        <translation>esta instalación no tiene motor web para las vistas de MCP App (el paquete de Linux deja fuera QtWebEngine para ser pequeño); se muestra en su lugar el resultado en texto de la herramienta. Para ver las vistas, instala el Flatpak o ejecuta Agent Desktop desde una copia del código con «uv run agent-desktop»</translation>
    </message>
</context>
<context>
    <name>ViewMenu</name>
    <message>
        <source>Follow the &amp;system</source>
        <translation>Seguir al &amp;sistema</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Claro</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Oscuro</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>&amp;Alto contraste</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>View menu</source>
        <translation>Menú Ver</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Tema</translation>
    </message>
    <message>
        <source>&amp;Bigger text</source>
        <translation>Texto más &amp;grande</translation>
    </message>
    <message>
        <source>&amp;Smaller text</source>
        <translation>Texto más &amp;pequeño</translation>
    </message>
    <message>
        <source>&amp;Actual size</source>
        <translation>T&amp;amaño real</translation>
    </message>
    <message>
        <source>Show &amp;sidebar</source>
        <translation>Mostrar la &amp;barra lateral</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <source>Help menu</source>
        <translation>Menú Ayuda</translation>
    </message>
    <message>
        <source>&amp;About Agent Desktop</source>
        <translation>&amp;Acerca de Agent Desktop</translation>
    </message>
</context>
<context>
    <name>WelcomePane</name>
    <message>
        <source>Welcome and setup</source>
        <translation>Bienvenida y configuración</translation>
    </message>
    <message>
        <source>Welcome to Agent Desktop</source>
        <translation>Te damos la bienvenida a Agent Desktop</translation>
    </message>
    <message>
        <source>Connect a model to start chatting. A local server needs no key; a cloud provider&apos;s key is never written to a file.</source>
        <translation>Conecta un modelo para empezar a conversar. Un servidor local no necesita clave; la clave de un proveedor en la nube nunca se escribe en un archivo.</translation>
    </message>
    <message>
        <source>Local servers on this computer</source>
        <translation>Servidores locales de este equipo</translation>
    </message>
    <message>
        <source>Detected local servers</source>
        <translation>Servidores locales detectados</translation>
    </message>
    <message>
        <source>Looking for local servers…</source>
        <translation>Buscando servidores locales…</translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation>Volver a buscar</translation>
    </message>
    <message>
        <source>Scan again for local servers</source>
        <translation>Volver a buscar servidores locales</translation>
    </message>
    <message>
        <source>Use this server</source>
        <translation>Usar este servidor</translation>
    </message>
    <message>
        <source>Use the selected local server</source>
        <translation>Usar el servidor local seleccionado</translation>
    </message>
    <message>
        <source>Or use an API key</source>
        <translation>O usa una clave de API</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Proveedor</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Dirección del servidor</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clave de API</translation>
    </message>
    <message>
        <source>sk-…  or  ${env:OPENAI_API_KEY}</source>
        <translation>sk-…  o  ${env:OPENAI_API_KEY}</translation>
    </message>
    <message>
        <source>Checking where keys can be kept…</source>
        <translation>Comprobando dónde se pueden guardar las claves…</translation>
    </message>
    <message>
        <source>Where the key is kept</source>
        <translation>Dónde se guarda la clave</translation>
    </message>
    <message>
        <source>Keep this key for this session only</source>
        <translation>Conservar esta clave solo durante esta sesión</translation>
    </message>
    <message>
        <source>Saving status</source>
        <translation>Estado del guardado</translation>
    </message>
    <message>
        <source>Save and start</source>
        <translation>Guardar y empezar</translation>
    </message>
    <message>
        <source>Save the API key and start</source>
        <translation>Guardar la clave de API y empezar</translation>
    </message>
    <message>
        <source>http://localhost:8000/v1</source>
        <translation>http://localhost:8000/v1</translation>
    </message>
    <message>
        <source>sk-…  or  ${{env:{variable}}}</source>
        <translation>sk-…  o  ${{env:{variable}}}</translation>
    </message>
    <message>
        <source>Optional: most local servers need none</source>
        <translation>Opcional: la mayoría de los servidores locales no la necesitan</translation>
    </message>
    <message>
        <source>The key is stored in the system keyring. Or type ${env:VARIABLE} to read it from the environment instead.</source>
        <translation>La clave se guarda en el llavero del sistema. También puedes escribir ${env:VARIABLE} para leerla del entorno.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Servidor</translation>
    </message>
    <message numerus="yes">
        <source>(%n model(s))</source>
        <translation>
            <numerusform>(%n modelo)</numerusform>
            <numerusform>(%n modelos)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Found %n.</source>
        <translation>
            <numerusform>Se ha encontrado %n.</numerusform>
            <numerusform>Se han encontrado %n.</numerusform>
        </translation>
    </message>
    <message>
        <source>None found (Ollama, LM Studio, llama.cpp, vLLM).</source>
        <translation>No se ha encontrado ninguno (Ollama, LM Studio, llama.cpp, vLLM).</translation>
    </message>
    <message>
        <source>Enter the API key first.</source>
        <translation>Escribe primero la clave de API.</translation>
    </message>
    <message>
        <source>Enter the server address, for example http://localhost:8000/v1.</source>
        <translation>Escribe la dirección del servidor, por ejemplo http://localhost:8000/v1.</translation>
    </message>
    <message>
        <source>Enter a model in the Model field: a name the server lists, for example gpt-4o-mini or llama3.1.</source>
        <translation>Escribe un modelo en el campo Modelo: un nombre que muestre el servidor, por ejemplo gpt-4o-mini o llama3.1.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Guardando…</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Nueva conversación</translation>
    </message>
    <message>
        <source>&amp;Import chat…</source>
        <translation>&amp;Importar conversación…</translation>
    </message>
    <message>
        <source>Import chats exported as JSON</source>
        <translation>Importar conversaciones exportadas como JSON</translation>
    </message>
    <message>
        <source>&amp;Export all my data…</source>
        <translation>&amp;Exportar todos mis datos…</translation>
    </message>
    <message>
        <source>Every chat, memory, project, skill and setting in one file</source>
        <translation>Todas las conversaciones, memoria, proyectos, habilidades y configuración en un solo archivo</translation>
    </message>
    <message>
        <source>Import &amp;data…</source>
        <translation>Importar &amp;datos…</translation>
    </message>
    <message>
        <source>Connect to an agent server…</source>
        <translation>Conectar con un servidor de agentes…</translation>
    </message>
    <message>
        <source>Go to &amp;approval</source>
        <translation>Ir a la &amp;aprobación</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Configuración…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation>&amp;Sesión</translation>
    </message>
    <message>
        <source>Session menu</source>
        <translation>Menú Sesión</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>Cambiar el &amp;nombre…</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Cambiar el nombre</translation>
    </message>
    <message>
        <source>Export as &amp;Markdown…</source>
        <translation>Exportar como &amp;Markdown…</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>Exportar como Markdown</translation>
    </message>
    <message>
        <source>Export as &amp;JSON…</source>
        <translation>Exportar como &amp;JSON…</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>Exportar como JSON</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Eliminar</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Eliminar</translation>
    </message>
    <message>
        <source>Chat &amp;instructions…</source>
        <translation>&amp;Instrucciones de la conversación…</translation>
    </message>
    <message>
        <source>What this chat tells the model first</source>
        <translation>Lo que esta conversación le dice primero al modelo</translation>
    </message>
    <message>
        <source>Sc&amp;hedule this chat…</source>
        <translation>Programar este c&amp;hat…</translation>
    </message>
    <message>
        <source>Schedu&amp;les…</source>
        <translation>Programacion&amp;es…</translation>
    </message>
    <message>
        <source>Export this chat</source>
        <translation>Exportar esta conversación</translation>
    </message>
</context>
<context>
    <name>WindowNotices</name>
    <message>
        <source>Undo</source>
        <translation>Deshacer</translation>
    </message>
</context>
<context>
    <name>_AnswerColumn</name>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Answer of {model}</source>
        <translation>Respuesta de {model}</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Escribiendo…</translation>
    </message>
    <message>
        <source>State of {model}</source>
        <translation>Estado de {model}</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Error: {reason}</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Hecho</translation>
    </message>
</context>
<context>
    <name>_Dialog</name>
    <message>
        <source>Server&apos;s question</source>
        <translation>Pregunta del servidor</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Rechazar</translation>
    </message>
    <message>
        <source>Answer later: the tool is told the request was cancelled</source>
        <translation>Responder más tarde: se indica a la herramienta que la solicitud se ha cancelado</translation>
    </message>
</context>
<context>
    <name>_KeyValueField</name>
    <message>
        <source>Add</source>
        <translation>Añadir</translation>
    </message>
    <message>
        <source>Add to {label}</source>
        <translation>Añadir a {label}</translation>
    </message>
</context>
<context>
    <name>_KeyValueRow</name>
    <message>
        <source>NAME</source>
        <translation>NOMBRE</translation>
    </message>
    <message>
        <source>{label} name</source>
        <translation>Nombre de {label}</translation>
    </message>
    <message>
        <source>{label} value</source>
        <translation>Valor de {label}</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>Secreto</translation>
    </message>
    <message>
        <source>Keep the value in the system keyring, not in the config file</source>
        <translation>Guardar el valor en el llavero del sistema, no en el archivo de configuración</translation>
    </message>
    <message>
        <source>Remove from {label}</source>
        <translation>Quitar de {label}</translation>
    </message>
    <message>
        <source>•••••••• stored (type to replace)</source>
        <translation>•••••••• guardado (escribe para sustituirlo)</translation>
    </message>
    <message>
        <source>value, or ${env:VARIABLE}</source>
        <translation>valor, o ${env:VARIABLE}</translation>
    </message>
</context>
<context>
    <name>_PathField</name>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
</context>
<context>
    <name>_SecretField</name>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Remove the stored secret from the system keyring</source>
        <translation>Quitar el secreto guardado del llavero del sistema</translation>
    </message>
    <message>
        <source>•••• kept for this session only</source>
        <translation>•••• conservado solo durante esta sesión</translation>
    </message>
    <message>
        <source>•••• stored in the system keyring</source>
        <translation>•••• guardado en el llavero del sistema</translation>
    </message>
</context>
<context>
    <name>_SelectField</name>
    <message>
        <source>{value} (not offered)</source>
        <translation>{value} (no ofrecido)</translation>
    </message>
</context>
</TS>
