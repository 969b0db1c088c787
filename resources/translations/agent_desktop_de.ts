<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>AboutDialog</name>
    <message>
        <source>unknown (not installed as a package)</source>
        <translation>unbekannt (nicht als Paket installiert)</translation>
    </message>
    <message>
        <source>About Agent Desktop</source>
        <translation>Über Agent Desktop</translation>
    </message>
    <message>
        <source>&lt;b&gt;Agent Desktop&lt;/b&gt;</source>
        <translation>&lt;b&gt;Agent Desktop&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Version {version}&lt;br&gt;Python {python} · Qt for Python {pyside}</source>
        <translation>Version {version}&lt;br&gt;Python {python} · Qt for Python {pyside}</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Datenordner</translation>
    </message>
    <message>
        <source>Settings folder</source>
        <translation>Einstellungsordner</translation>
    </message>
    <message>
        <source>Log folder</source>
        <translation>Protokollordner</translation>
    </message>
    <message>
        <source>{label}:</source>
        <translation>{label}:</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Open {folder}</source>
        <translation>{folder} öffnen</translation>
    </message>
</context>
<context>
    <name>ActionDialogs</name>
    <message>
        <source>The action failed ({kind}).</source>
        <translation>Die Aktion ist fehlgeschlagen ({kind}).</translation>
    </message>
    <message>
        <source>The action failed.</source>
        <translation>Die Aktion ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Reported by the plugin “{plugin}”.</source>
        <translation>Gemeldet von der Erweiterung „{plugin}“.</translation>
    </message>
</context>
<context>
    <name>ActionField</name>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>In Arbeit…</translation>
    </message>
</context>
<context>
    <name>ActionFormDialog</name>
    <message>
        <source>Some inputs of this action could not be shown:</source>
        <translation>Einige Eingaben dieser Aktion konnten nicht angezeigt werden:</translation>
    </message>
</context>
<context>
    <name>ActionProgressDialog</name>
    <message>
        <source>Running “{action}”…</source>
        <translation>„{action}“ wird ausgeführt…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
</context>
<context>
    <name>ActionResultDialog</name>
    <message>
        <source>“{action}” failed</source>
        <translation>„{action}“ ist fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>AgentBar</name>
    <message>
        <source>Status bar</source>
        <translation>Statusleiste</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Request state</source>
        <translation>Status der Anfrage</translation>
    </message>
    <message>
        <source>{provider} on {server}</source>
        <translation>{provider} auf {server}</translation>
    </message>
    <message>
        <source>Agent “{agent}” is not ready: {error}</source>
        <translation>Agent „{agent}“ ist nicht bereit: {error}</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>Agents</name>
    <message>
        <source>Agent {number}</source>
        <translation>Agent {number}</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
</context>
<context>
    <name>AgentsPage</name>
    <message>
        <source>Add a provider on the Providers page first</source>
        <translation>Fügen Sie zuerst auf der Seite „Anbieter“ einen Anbieter hinzu</translation>
    </message>
    <message>
        <source>Enabled plugins</source>
        <translation>Aktivierte Plugins</translation>
    </message>
    <message>
        <source>Unchecked plugins are turned off for this agent.</source>
        <translation>Nicht angehakte Plugins sind für diesen Agenten ausgeschaltet.</translation>
    </message>
    <message>
        <source>{names} has its own field above; set it there.</source>
        <translation>{names} hat oben ein eigenes Feld; legen Sie es dort fest.</translation>
    </message>
    <message>
        <source>Model id</source>
        <translation>Modell-ID</translation>
    </message>
    <message>
        <source>{model} (the provider&apos;s default)</source>
        <translation>{model} (Standard des Anbieters)</translation>
    </message>
</context>
<context>
    <name>AppViewController</name>
    <message>
        <source>The view could not be read: {why}</source>
        <translation>Die Ansicht konnte nicht gelesen werden: {why}</translation>
    </message>
    <message>
        <source>Refused the view&apos;s call to {tool}: {why}</source>
        <translation>Aufruf von {tool} durch die Ansicht abgelehnt: {why}</translation>
    </message>
</context>
<context>
    <name>AppViewPrompts</name>
    <message>
        <source>Open {host}</source>
        <translation>{host} öffnen</translation>
    </message>
    <message>
        <source>Open a link?</source>
        <translation>Einen Link öffnen?</translation>
    </message>
    <message>
        <source>The view of {server} wants to open {url} in your browser.</source>
        <translation>Die Ansicht von {server} möchte {url} in Ihrem Browser öffnen.</translation>
    </message>
    <message>
        <source>Don&apos;t open</source>
        <translation>Nicht öffnen</translation>
    </message>
    <message>
        <source>Send as my message</source>
        <translation>Als meine Nachricht senden</translation>
    </message>
    <message>
        <source>Send a message?</source>
        <translation>Eine Nachricht senden?</translation>
    </message>
    <message>
        <source>The view of {server} wants to send this message as yours:

{text}</source>
        <translation>Die Ansicht von {server} möchte diese Nachricht als Ihre senden:

{text}</translation>
    </message>
    <message>
        <source>Don&apos;t send</source>
        <translation>Nicht senden</translation>
    </message>
    <message>
        <source>Allow once</source>
        <translation>Einmal erlauben</translation>
    </message>
    <message>
        <source>Allow for this chat</source>
        <translation>Für diesen Chat erlauben</translation>
    </message>
    <message>
        <source>Allow a tool call?</source>
        <translation>Einen Werkzeugaufruf erlauben?</translation>
    </message>
    <message>
        <source>A view wants to run {call}.</source>
        <translation>Eine Ansicht möchte {call} ausführen.</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
</context>
<context>
    <name>AppViewWidget</name>
    <message>
        <source>Interactive view of {title}</source>
        <translation>Interaktive Ansicht von {title}</translation>
    </message>
    <message>
        <source>Blocked: {what}</source>
        <translation>Blockiert: {what}</translation>
    </message>
    <message>
        <source>the app runs as root</source>
        <translation>die App läuft als root</translation>
    </message>
    <message>
        <source>this system allows no user namespaces</source>
        <translation>dieses System erlaubt keine Benutzer-Namensräume</translation>
    </message>
    <message>
        <source>Flatpak&apos;s own sandbox holds the app</source>
        <translation>die eigene Sandbox von Flatpak begrenzt die App</translation>
    </message>
    <message>
        <source>Chromium&apos;s sandbox is off: {why}. The view&apos;s frame, policy and request filter still hold it.</source>
        <translation>Die Sandbox von Chromium ist aus: {why}. Rahmen, Richtlinie und Anfragefilter der Ansicht begrenzen sie weiterhin.</translation>
    </message>
    <message>
        <source>The view stopped: {why}. The chat goes on.</source>
        <translation>Die Ansicht wurde beendet: {why}. Der Chat geht weiter.</translation>
    </message>
    <message>
        <source>Esc leaves full screen</source>
        <translation>Esc beendet den Vollbildmodus</translation>
    </message>
    <message>
        <source>Loading the view…</source>
        <translation>Ansicht wird geladen…</translation>
    </message>
</context>
<context>
    <name>ApprovalPrompt</name>
    <message>
        <source>Allow once</source>
        <extracomment>The answers, with their buttons&apos; words (translated when the prompt is built).</extracomment>
        <translation>Einmal erlauben</translation>
    </message>
    <message>
        <source>Run this call once</source>
        <translation>Diesen Aufruf einmal ausführen</translation>
    </message>
    <message>
        <source>Allow for this session</source>
        <translation>Für diese Sitzung erlauben</translation>
    </message>
    <message>
        <source>Run this tool without asking until the app quits</source>
        <translation>Dieses Werkzeug bis zum Beenden der App ohne Nachfrage ausführen</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>Immer erlauben</translation>
    </message>
    <message>
        <source>Never ask again for this tool (revocable in Settings)</source>
        <translation>Für dieses Werkzeug nie wieder fragen (in den Einstellungen widerrufbar)</translation>
    </message>
    <message>
        <source>Deny</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Do not run it; the model is told why</source>
        <translation>Nicht ausführen; das Modell erfährt den Grund</translation>
    </message>
    <message>
        <source>It runs on the agent server {server}, not on this computer.</source>
        <translation>Es läuft auf dem Agentenserver {server}, nicht auf diesem Computer.</translation>
    </message>
    <message>
        <source>Its definition changed since you approved it: check what it does now.</source>
        <translation>Seine Definition hat sich seit Ihrer Freigabe geändert: Prüfen Sie, was es jetzt tut.</translation>
    </message>
    <message>
        <source>It may delete or overwrite things.</source>
        <translation>Es kann Dinge löschen oder überschreiben.</translation>
    </message>
    <message>
        <source>It reaches outside this computer (network).</source>
        <translation>Es greift über diesen Computer hinaus zu (Netzwerk).</translation>
    </message>
    <message>
        <source>It describes itself as: “{description}”</source>
        <translation>Es beschreibt sich selbst so: „{description}“</translation>
    </message>
    <message>
        <source>From the MCP server “{server}”: its description and hints are the server&apos;s claims.</source>
        <translation>Vom MCP-Server „{server}“: Beschreibung und Hinweise sind Angaben des Servers selbst.</translation>
    </message>
    <message>
        <source>Approve tool {tool_name}</source>
        <translation>Werkzeug {tool_name} freigeben</translation>
    </message>
    <message>
        <source>&lt;b&gt;{tool_name}&lt;/b&gt; wants to run. Allow it? &lt;span style=&apos;opacity:0.7&apos;&gt;({shortcut} to get here)&lt;/span&gt;</source>
        <translation>&lt;b&gt;{tool_name}&lt;/b&gt; möchte ausgeführt werden. Erlauben? &lt;span style=&apos;opacity:0.7&apos;&gt;({shortcut}, um hierher zu gelangen)&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Always allow {rule}</source>
        <translation>Immer erlauben: {rule}</translation>
    </message>
    <message>
        <source>Run this tool without asking for calls like this one (revocable in Settings → Tools)</source>
        <translation>Dieses Werkzeug bei ähnlichen Aufrufen ohne Nachfrage ausführen (widerrufbar unter Einstellungen → Werkzeuge)</translation>
    </message>
    <message>
        <source>{label}: {tool_name}</source>
        <translation>{label}: {tool_name}</translation>
    </message>
    <message>
        <source>Reason for denying (optional)</source>
        <translation>Grund für die Ablehnung (optional)</translation>
    </message>
    <message>
        <source>Reason for denying</source>
        <translation>Grund für die Ablehnung</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <source>Change what the call says before you allow it</source>
        <translation>Den Inhalt des Aufrufs ändern, bevor Sie ihn erlauben</translation>
    </message>
    <message>
        <source>Edit before allowing: {tool}</source>
        <translation>Vor dem Erlauben bearbeiten: {tool}</translation>
    </message>
    <message>
        <source>Argument {name}</source>
        <translation>Argument {name}</translation>
    </message>
</context>
<context>
    <name>AskSeveralButton</name>
    <message>
        <source>Ask several</source>
        <translation>Mehrere fragen</translation>
    </message>
    <message>
        <source>Ask several models</source>
        <translation>Mehrere Modelle fragen</translation>
    </message>
    <message>
        <source>Send the message to 2–4 models at once and compare</source>
        <translation>Die Nachricht gleichzeitig an 2–4 Modelle senden und vergleichen</translation>
    </message>
</context>
<context>
    <name>AskSeveralPopup</name>
    <message>
        <source>Ask several models</source>
        <extracomment>Rows the model list shows before it scrolls.</extracomment>
        <translation>Mehrere Modelle fragen</translation>
    </message>
    <message>
        <source>Check {low} to {high} models: the message goes to each of them.</source>
        <translation>Wählen Sie {low} bis {high} Modelle: Die Nachricht geht an jedes davon.</translation>
    </message>
    <message>
        <source>Models to ask</source>
        <translation>Zu fragende Modelle</translation>
    </message>
    <message>
        <source>Model list state</source>
        <translation>Status der Modellliste</translation>
    </message>
    <message>
        <source>Type the message first (or attach a file): Send waits for it.</source>
        <translation>Geben Sie zuerst die Nachricht ein (oder hängen Sie eine Datei an): „Senden“ wartet darauf.</translation>
    </message>
    <message>
        <source>Your message to each model</source>
        <translation>Ihre Nachricht an jedes Modell</translation>
    </message>
    <message>
        <source>Message to send</source>
        <translation>Zu sendende Nachricht</translation>
    </message>
    <message>
        <source>Listing models…</source>
        <translation>Modelle werden abgerufen…</translation>
    </message>
    <message>
        <source>{model} — {provider}</source>
        <translation>{model} — {provider}</translation>
    </message>
    <message numerus="yes">
        <source>Send to %n models</source>
        <translation>
            <numerusform>An %n Modell senden</numerusform>
            <numerusform>An %n Modelle senden</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AttachmentChip</name>
    <message>
        <source>preparing…</source>
        <translation>wird vorbereitet…</translation>
    </message>
    <message>
        <source>Attachment {name}, {size}</source>
        <translation>Anhang {name}, {size}</translation>
    </message>
    <message>
        <source>Thumbnail of {name}</source>
        <translation>Vorschaubild von {name}</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>{name} entfernen</translation>
    </message>
    <message>
        <source>Remove attachment {name}</source>
        <translation>Anhang {name} entfernen</translation>
    </message>
</context>
<context>
    <name>AttachmentPreview</name>
    <message>
        <source>Attachment {name}</source>
        <translation>Anhang {name}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{facts}</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt;&lt;br&gt;{facts}</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>Attachment preview</source>
        <translation>Vorschau des Anhangs</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Speichern unter…</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Open with the system&apos;s viewer for this kind of file</source>
        <translation>Mit dem Systembetrachter für diese Dateiart öffnen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>This picture cannot be shown (its data is missing or damaged).</source>
        <translation>Dieses Bild kann nicht angezeigt werden (Daten fehlen oder sind beschädigt).</translation>
    </message>
    <message>
        <source>Save {name}</source>
        <translation>{name} speichern</translation>
    </message>
    <message>
        <source>Writing {name}…</source>
        <translation>{name} wird geschrieben…</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}.</source>
        <translation>{path} konnte nicht geschrieben werden: {reason}.</translation>
    </message>
    <message>
        <source>{problem} Choose another place or free some space.</source>
        <translation>{problem} Wählen Sie einen anderen Ort oder schaffen Sie Platz.</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>In {path} gespeichert.</translation>
    </message>
</context>
<context>
    <name>ChatColumn</name>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Session toolbar</source>
        <translation>Sitzungsleiste</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <source>Conversation title</source>
        <translation>Titel der Unterhaltung</translation>
    </message>
    <message>
        <source>Own instructions</source>
        <translation>Eigene Anweisungen</translation>
    </message>
    <message>
        <source>This chat has its own instructions</source>
        <translation>Dieser Chat hat eigene Anweisungen</translation>
    </message>
    <message>
        <source>This chat uses its own instructions instead of its agent&apos;s. Click to edit.</source>
        <translation>Dieser Chat verwendet eigene Anweisungen statt der seines Agenten. Zum Bearbeiten klicken.</translation>
    </message>
    <message>
        <source>Chat actions menu</source>
        <translation>Menü der Chataktionen</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Aktionen</translation>
    </message>
    <message>
        <source>Chat actions</source>
        <translation>Chataktionen</translation>
    </message>
    <message>
        <source>What the agent&apos;s plugins can do with this chat</source>
        <translation>Was die Erweiterungen des Agenten mit diesem Chat tun können</translation>
    </message>
</context>
<context>
    <name>ChatCommands</name>
    <message>
        <source>This chat is kept on its agent server; export works for chats of this computer.</source>
        <translation>Dieser Chat liegt auf seinem Agentenserver; exportieren lassen sich Chats dieses Computers.</translation>
    </message>
    <message>
        <source>This chat runs on an agent server, and schedules run chats of this computer: use Schedules… to schedule a new chat here instead.</source>
        <translation>Dieser Chat läuft auf einem Agentenserver, und Zeitpläne führen Chats dieses Computers aus: Planen Sie stattdessen über „Zeitpläne…“ hier einen neuen Chat.</translation>
    </message>
</context>
<context>
    <name>ChatDelegate</name>
    <message>
        <source>You</source>
        <extracomment>The rows&apos; headers and tool states, translated where drawn.</extracomment>
        <translation>Sie</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Tool servers</source>
        <translation>Werkzeugserver</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>preparing…</source>
        <translation>wird vorbereitet…</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>wartet</translation>
    </message>
    <message>
        <source>needs approval</source>
        <translation>Freigabe nötig</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>cancelled by you</source>
        <translation>von Ihnen abgebrochen</translation>
    </message>
    <message>
        <source>writing…</source>
        <translation>schreibt…</translation>
    </message>
    <message numerus="yes">
        <source>Reasoning (%n words)</source>
        <translation>
            <numerusform>Überlegungen (%n Wort)</numerusform>
            <numerusform>Überlegungen (%n Wörter)</numerusform>
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
        <translation>Argumente</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
</context>
<context>
    <name>ChatLayout</name>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>The server named the model that answered “{server_model}”.</source>
        <translation>Der Server nannte das Modell, das geantwortet hat, „{server_model}“.</translation>
    </message>
    <message>
        <source>[{kind}: could not be shown]</source>
        <translation>[{kind}: kann nicht angezeigt werden]</translation>
    </message>
</context>
<context>
    <name>ChatModel</name>
    <message>
        <source>Enter shows or hides the call&apos;s arguments and output.</source>
        <translation>Eingabe zeigt oder verbirgt Argumente und Ausgabe des Aufrufs.</translation>
    </message>
    <message>
        <source>C copies, E edits, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C kopiert, E bearbeitet, Entf löscht, Links und Rechts wählen eine Aktion, Eingabe führt sie aus; die Menütaste listet alle Aktionen.</translation>
    </message>
    <message>
        <source>C copies, R retries, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C kopiert, R wiederholt, Entf löscht, Links und Rechts wählen eine Aktion, Eingabe führt sie aus; die Menütaste listet alle Aktionen.</translation>
    </message>
    <message>
        <source>C copies, Delete deletes, Left and Right pick an action, Enter runs it; the Menu key lists every action.</source>
        <translation>C kopiert, Entf löscht, Links und Rechts wählen eine Aktion, Eingabe führt sie aus; die Menütaste listet alle Aktionen.</translation>
    </message>
    <message>
        <source>The request failed.</source>
        <translation>Die Anfrage ist fehlgeschlagen.</translation>
    </message>
</context>
<context>
    <name>ChatSending</name>
    <message>
        <source>Type the message for the models first, then choose them.</source>
        <translation>Geben Sie zuerst die Nachricht für die Modelle ein und wählen Sie sie dann.</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird angehalten…</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <source>Previous version</source>
        <translation>Vorherige Version</translation>
    </message>
    <message>
        <source>Next version</source>
        <translation>Nächste Version</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>{role} message {number}</source>
        <translation>Nachricht {number} von {role}</translation>
    </message>
    <message>
        <source>{role} message</source>
        <translation>Nachricht von {role}</translation>
    </message>
    <message>
        <source>denied by you</source>
        <translation>von Ihnen abgelehnt</translation>
    </message>
    <message>
        <source>Code copied</source>
        <translation>Code kopiert</translation>
    </message>
    <message>
        <source>Message actions</source>
        <translation>Nachrichtenaktionen</translation>
    </message>
    <message>
        <source>Fork chat from here</source>
        <translation>Chat ab hier abzweigen</translation>
    </message>
    <message>
        <source>A new chat with the messages up to this one</source>
        <translation>Ein neuer Chat mit den Nachrichten bis zu dieser</translation>
    </message>
    <message>
        <source>Show all text</source>
        <translation>Ganzen Text anzeigen</translation>
    </message>
    <message>
        <source>Show the view full screen</source>
        <translation>Ansicht im Vollbild zeigen</translation>
    </message>
    <message>
        <source>Message copied</source>
        <translation>Nachricht kopiert</translation>
    </message>
</context>
<context>
    <name>CollectionPage</name>
    <message>
        <source>New {noun} id</source>
        <extracomment>Marked in PAGE_WORDS like the title; `noun` also names the list for tests and styles. New entries are named by typing an id (MCP servers); otherwise `add_clicked` makes one. The config section the entries live in (its unreadable entries are listed on the page).</extracomment>
        <translation>Kennung für neuen {noun}</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add {noun}</source>
        <translation>{noun} hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>No {noun} yet: add one on the left.</source>
        <translation>Noch kein {noun}: Fügen Sie links einen hinzu.</translation>
    </message>
    <message>
        <source>Type an id for the new {noun} first.</source>
        <translation>Geben Sie zuerst eine ID für den neuen Eintrag ({noun}) ein.</translation>
    </message>
    <message>
        <source>There is already a {noun} “{entry_id}”.</source>
        <translation>Es gibt bereits einen Eintrag ({noun}) „{entry_id}“.</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>Korrigieren Sie zuerst die markierten Felder von „{current_id}“.</translation>
    </message>
</context>
<context>
    <name>ComparisonPanel</name>
    <message>
        <source>Answers side by side</source>
        <translation>Antworten nebeneinander</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Close the answers side by side</source>
        <translation>Antworten nebeneinander schließen</translation>
    </message>
    <message numerus="yes">
        <source>%n models answer; each answer is kept as a version (‹ ›).</source>
        <translation>
            <numerusform>%n Modell antwortet; jede Antwort wird als Version gespeichert (‹ ›).</numerusform>
            <numerusform>%n Modelle antworten; jede Antwort wird als Version gespeichert (‹ ›).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Completion</name>
    <message>
        <source>Arguments for {command}</source>
        <translation>Argumente für {command}</translation>
    </message>
    <message>
        <source>{command}: arguments</source>
        <translation>{command}: Argumente</translation>
    </message>
    <message>
        <source>The prompt {command} failed: {error}</source>
        <translation>Der Prompt {command} ist fehlgeschlagen: {error}</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>Drop the files here to attach them to your message</source>
        <translation>Dateien hier ablegen, um sie an die Nachricht anzuhängen</translation>
    </message>
    <message>
        <source>Composer</source>
        <translation>Eingabebereich</translation>
    </message>
    <message>
        <source>Attachment problem</source>
        <translation>Problem mit dem Anhang</translation>
    </message>
    <message>
        <source>Attach files</source>
        <translation>Dateien anhängen</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Send message</source>
        <translation>Nachricht senden</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Stop generating (Esc)</source>
        <translation>Erzeugen anhalten (Esc)</translation>
    </message>
    <message>
        <source>Stop generating</source>
        <translation>Erzeugen anhalten</translation>
    </message>
    <message>
        <source>The attachments are still being prepared; send in a moment.</source>
        <translation>Die Anhänge werden noch vorbereitet; senden Sie gleich.</translation>
    </message>
    <message>
        <source>Choose files to attach</source>
        <translation>Anzuhängende Dateien auswählen</translation>
    </message>
    <message>
        <source>Still starting up; attach the files again in a moment.</source>
        <translation>Die App startet noch; hängen Sie die Dateien gleich noch einmal an.</translation>
    </message>
    <message>
        <source>Still starting up; paste the image again in a moment.</source>
        <translation>Die App startet noch; fügen Sie das Bild gleich noch einmal ein.</translation>
    </message>
    <message>
        <source>Could not attach the files: {error}</source>
        <translation>Die Dateien konnten nicht angehängt werden: {error}</translation>
    </message>
    <message>
        <source>Still starting up; attach it again in a moment.</source>
        <translation>Die App startet noch; hängen Sie es gleich noch einmal an.</translation>
    </message>
    <message>
        <source>Could not attach it: {error}</source>
        <translation>Konnte nicht angehängt werden: {error}</translation>
    </message>
    <message>
        <source>“{name}” is already attached.</source>
        <translation>„{name}“ ist bereits angehängt.</translation>
    </message>
    <message>
        <source>“{name}” is already attached (as “{twin}”).</source>
        <translation>„{name}“ ist bereits angehängt (als „{twin}“).</translation>
    </message>
    <message>
        <source>The model {model} does not take images: it would get the message without them. Pick a model marked for images in the model picker.</source>
        <translation>Das Modell {model} nimmt keine Bilder an: Es bekäme die Nachricht ohne sie. Wählen Sie in der Modellauswahl ein Modell, das für Bilder gekennzeichnet ist.</translation>
    </message>
    <message numerus="yes">
        <source>Attached %n file(s) from “{name}”.</source>
        <translation>
            <numerusform>%n Datei aus „{name}“ angehängt.</numerusform>
            <numerusform>%n Dateien aus „{name}“ angehängt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComposerEdit</name>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>Message the agent…  (Enter to send, Shift+Enter for a new line)</source>
        <translation>Nachricht an den Agenten…  (Eingabe zum Senden, Umschalt+Eingabe für neue Zeile)</translation>
    </message>
    <message>
        <source>Ctrl+Enter to send</source>
        <translation>Strg+Eingabe zum Senden</translation>
    </message>
    <message>
        <source>Enter to send, Shift+Enter for a new line</source>
        <translation>Eingabe zum Senden, Umschalt+Eingabe für neue Zeile</translation>
    </message>
    <message>
        <source>Message the agent…  ({hint})</source>
        <translation>Nachricht an den Agenten…  ({hint})</translation>
    </message>
</context>
<context>
    <name>ConfirmActionDialog</name>
    <message>
        <source>Run “{action}”?</source>
        <translation>„{action}“ ausführen?</translation>
    </message>
</context>
<context>
    <name>ConnectServerDialog</name>
    <message>
        <source>Connect to an agent server</source>
        <translation>Mit einem Agentenserver verbinden</translation>
    </message>
    <message>
        <source>Chat with an agent that runs on another computer or without a window. Start it there with &apos;agent-desktop serve&apos; and type what it printed.</source>
        <translation>Chatten Sie mit einem Agenten, der auf einem anderen Computer oder ohne Fenster läuft. Starten Sie ihn dort mit &apos;agent-desktop serve&apos; und geben Sie ein, was er ausgegeben hat.</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Serveradresse</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>Zugriffstoken</translation>
    </message>
    <message>
        <source>Start an agent server on this computer…</source>
        <translation>Einen Agentenserver auf diesem Computer starten…</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>The server&apos;s certificate fingerprint (SHA-256) is {fingerprint}. Check that it is the one &apos;agent-desktop serve&apos; printed, then press Connect to trust it.</source>
        <translation>Der Fingerabdruck des Serverzertifikats (SHA-256) ist {fingerprint}. Prüfen Sie, dass es der ist, den &apos;agent-desktop serve&apos; ausgegeben hat, und klicken Sie dann auf „Verbinden“, um ihm zu vertrauen.</translation>
    </message>
</context>
<context>
    <name>ConversationBinding</name>
    <message>
        <source>Preparing the new chat…</source>
        <translation>Der neue Chat wird vorbereitet…</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Schreibt…</translation>
    </message>
    <message>
        <source>Approval needed: {tool}</source>
        <translation>Freigabe nötig: {tool}</translation>
    </message>
    <message>
        <source>Asking several models…</source>
        <translation>Mehrere Modelle werden gefragt…</translation>
    </message>
    <message>
        <source>Thinking…</source>
        <translation>Denkt nach…</translation>
    </message>
    <message>
        <source>Answer finished</source>
        <translation>Antwort fertig</translation>
    </message>
    <message>
        <source>Error: {what}</source>
        <translation>Fehler: {what}</translation>
    </message>
    <message>
        <source>Running a tool…</source>
        <translation>Ein Werkzeug läuft…</translation>
    </message>
    <message>
        <source>Waiting for your approval of {tool} ({shortcut} to go there)</source>
        <translation>Warte auf Ihre Freigabe für {tool} ({shortcut}, um dorthin zu gelangen)</translation>
    </message>
    <message>
        <source>Waiting for your approval of {tool}</source>
        <translation>Warte auf Ihre Freigabe für {tool}</translation>
    </message>
</context>
<context>
    <name>CrashNotice</name>
    <message>
        <source>Agent Desktop closed unexpectedly last time.</source>
        <translation>Agent Desktop wurde beim letzten Mal unerwartet beendet.</translation>
    </message>
    <message>
        <source>The crash report is on the clipboard (secrets are left out of it).</source>
        <translation>Der Absturzbericht ist in der Zwischenablage (ohne Geheimnisse).</translation>
    </message>
    <message>
        <source>No app to show text files was found; open the file above yourself, or copy the report.</source>
        <translation>Keine App zum Anzeigen von Textdateien gefunden; öffnen Sie die oben genannte Datei selbst oder kopieren Sie den Bericht.</translation>
    </message>
    <message>
        <source>Its report is kept in {path}; nothing was sent anywhere.</source>
        <translation>Der Bericht liegt in {path}; nichts wurde irgendwohin gesendet.</translation>
    </message>
    <message>
        <source>Its report could not be kept in the log folder; copy it now to keep it.</source>
        <translation>Der Bericht konnte nicht im Protokollordner abgelegt werden; kopieren Sie ihn jetzt, um ihn zu behalten.</translation>
    </message>
    <message>
        <source>Copy report</source>
        <translation>Bericht kopieren</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>Bericht öffnen</translation>
    </message>
</context>
<context>
    <name>DataTransfer</name>
    <message>
        <source>Export all my data</source>
        <translation>Alle meine Daten exportieren</translation>
    </message>
    <message>
        <source>Zip archives (*.zip)</source>
        <translation>ZIP-Archive (*.zip)</translation>
    </message>
    <message>
        <source>Exporting your data…</source>
        <translation>Ihre Daten werden exportiert…</translation>
    </message>
    <message>
        <source>The export was cancelled; no file was written.</source>
        <translation>Der Export wurde abgebrochen; es wurde keine Datei geschrieben.</translation>
    </message>
    <message>
        <source>The export failed: {error}</source>
        <translation>Der Export ist fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>Exported your data to {path}.</source>
        <translation>Ihre Daten wurden nach {path} exportiert.</translation>
    </message>
    <message>
        <source>Secrets written in the settings were left out: {names}. Enter them again on the other computer.</source>
        <translation>Von Hand in die Einstellungen geschriebene Geheimnisse wurden weggelassen: {names}. Geben Sie sie auf dem anderen Computer erneut ein.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Import data</source>
        <translation>Daten importieren</translation>
    </message>
    <message>
        <source>Agent Desktop data (*.zip)</source>
        <translation>Agent-Desktop-Daten (*.zip)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Nothing was imported: {error}</source>
        <translation>Nichts wurde importiert: {error}</translation>
    </message>
    <message>
        <source>Importing your data…</source>
        <translation>Ihre Daten werden importiert…</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>%n Chat importiert.</numerusform>
            <numerusform>%n Chats importiert.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DroppedPaths</name>
    <message>
        <source>Drop to install the skill “{name}”, make a project of the folder or attach its files — you choose next</source>
        <translation>Ablegen, um den Skill „{name}“ zu installieren, ein Projekt aus dem Ordner zu machen oder seine Dateien anzuhängen – Sie wählen gleich</translation>
    </message>
    <message>
        <source>Drop to make a project of “{name}” or attach its files — you choose next</source>
        <translation>Ablegen, um aus „{name}“ ein Projekt zu machen oder seine Dateien anzuhängen – Sie wählen gleich</translation>
    </message>
    <message>
        <source>Drop to attach “{name}”, or install the skill it holds — you choose next</source>
        <translation>Ablegen, um „{name}“ anzuhängen oder den enthaltenen Skill zu installieren – Sie wählen gleich</translation>
    </message>
    <message>
        <source>Drop: the files are attached; you choose what happens with each folder</source>
        <translation>Ablegen: Die Dateien werden angehängt; für jeden Ordner wählen Sie, was geschieht</translation>
    </message>
    <message>
        <source>What should happen with “{name}”?</source>
        <translation>Was soll mit „{name}“ geschehen?</translation>
    </message>
    <message>
        <source>What should happen with the folder “{name}”?</source>
        <translation>Was soll mit dem Ordner „{name}“ geschehen?</translation>
    </message>
    <message>
        <source>A project keeps its chats together; they work with the folder&apos;s files, its instructions and pinned files.</source>
        <translation>Ein Projekt hält seine Chats zusammen; sie arbeiten mit den Dateien des Ordners, seinen Anweisungen und angehefteten Dateien.</translation>
    </message>
    <message>
        <source>It holds a SKILL.md: as a skill it teaches the agent a task.</source>
        <translation>Er enthält eine SKILL.md: Als Skill bringt er dem Agenten eine Aufgabe bei.</translation>
    </message>
    <message>
        <source>Install as skill</source>
        <translation>Als Skill installieren</translation>
    </message>
    <message>
        <source>Make a project</source>
        <translation>Projekt erstellen</translation>
    </message>
    <message>
        <source>Attach its files</source>
        <translation>Dateien anhängen</translation>
    </message>
    <message>
        <source>“{name}” holds a skill. Install it?</source>
        <translation>„{name}“ enthält einen Skill. Installieren?</translation>
    </message>
    <message>
        <source>A skill teaches the agent a task; or attach the archive.</source>
        <translation>Ein Skill bringt dem Agenten eine Aufgabe bei; oder hängen Sie das Archiv an.</translation>
    </message>
    <message>
        <source>Attach the archive</source>
        <translation>Archiv anhängen</translation>
    </message>
    <message>
        <source>Made the project “{name}”; its new chat works in {folder}.</source>
        <translation>Das Projekt „{name}“ ist erstellt; sein neuer Chat arbeitet in {folder}.</translation>
    </message>
    <message>
        <source>{name} was not installed as a skill.</source>
        <translation>{name} wurde nicht als Fähigkeit installiert.</translation>
    </message>
    <message>
        <source>“{name}” holds no files to attach (the folders in it are not).</source>
        <translation>„{name}“ enthält keine Dateien zum Anhängen (Ordner darin werden nicht angehängt).</translation>
    </message>
</context>
<context>
    <name>Elicitation</name>
    <message>
        <source>{server} asks for input</source>
        <translation>{server} bittet um Eingaben</translation>
    </message>
    <message>
        <source>{server} asks you to open a web page</source>
        <translation>{server} bittet Sie, eine Webseite zu öffnen</translation>
    </message>
    <message>
        <source>A tool server</source>
        <translation>Ein Werkzeugserver</translation>
    </message>
    <message>
        <source>{server} is asking for your input</source>
        <translation>{server} bittet um Ihre Eingabe</translation>
    </message>
</context>
<context>
    <name>ElicitationFormDialog</name>
    <message>
        <source>Some fields could not be shown:</source>
        <translation>Einige Felder konnten nicht angezeigt werden:</translation>
    </message>
</context>
<context>
    <name>ElicitationLinkDialog</name>
    <message>
        <source>The page is on {host}.
Full address: {url}</source>
        <translation>Die Seite liegt auf {host}.
Vollständige Adresse: {url}</translation>
    </message>
    <message>
        <source>Page address</source>
        <translation>Seitenadresse</translation>
    </message>
</context>
<context>
    <name>EmptyChatHint</name>
    <message>
        <source>Explain some code</source>
        <extracomment>(button, prompt), both in the user&apos;s language when shown: the model answers in it too.</extracomment>
        <translation>Code erklären</translation>
    </message>
    <message>
        <source>Explain what this code does, step by step:

</source>
        <translation>Erkläre Schritt für Schritt, was dieser Code tut:

</translation>
    </message>
    <message>
        <source>Summarise a file</source>
        <translation>Datei zusammenfassen</translation>
    </message>
    <message>
        <source>Summarise the attached file in five bullet points.</source>
        <translation>Fasse die angehängte Datei in fünf Stichpunkten zusammen.</translation>
    </message>
    <message>
        <source>Draft a message</source>
        <translation>Nachricht entwerfen</translation>
    </message>
    <message>
        <source>Draft a short, friendly message that </source>
        <translation>Entwirf eine kurze, freundliche Nachricht, die </translation>
    </message>
    <message>
        <source>Plan a task</source>
        <translation>Aufgabe planen</translation>
    </message>
    <message>
        <source>Help me plan this task, with the steps in order: </source>
        <translation>Hilf mir, diese Aufgabe zu planen, mit den Schritten in Reihenfolge: </translation>
    </message>
    <message>
        <source>Start a conversation</source>
        <translation>Unterhaltung beginnen</translation>
    </message>
    <message>
        <source>What can I help with?</source>
        <translation>Wobei kann ich helfen?</translation>
    </message>
    <message>
        <source>Type below, drop a file on the window, or start from one of these:</source>
        <translation>Schreiben Sie unten, legen Sie eine Datei im Fenster ab oder beginnen Sie mit einem dieser Vorschläge:</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>Cannot attach {source}: the file does not exist.</source>
        <translation>{source} kann nicht angehängt werden: Die Datei existiert nicht.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: {reason}.</source>
        <translation>{source} kann nicht angehängt werden: {reason}.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: it is a folder, not a file.</source>
        <translation>{source} kann nicht angehängt werden: Es ist ein Ordner, keine Datei.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: it is not a regular file.</source>
        <translation>{source} kann nicht angehängt werden: Es ist keine gewöhnliche Datei.</translation>
    </message>
    <message>
        <source>Cannot attach {source}: permission to read it was denied.</source>
        <translation>{source} kann nicht angehängt werden: Die Berechtigung zum Lesen fehlt.</translation>
    </message>
    <message>
        <source>{name} is {shown}, larger than the attachment limit of {limit}. Nothing was stored; attach a smaller file or raise the limit in Settings.</source>
        <translation>{name} ist {shown} groß und damit größer als die Grenze für Anhänge von {limit}. Es wurde nichts gespeichert; hängen Sie eine kleinere Datei an oder erhöhen Sie die Grenze in den Einstellungen.</translation>
    </message>
    <message>
        <source>Cannot attach {name}: there is no conversation with id {session_id}.</source>
        <translation>{name} kann nicht angehängt werden: Es gibt keinen Chat mit der ID {session_id}.</translation>
    </message>
    <message>
        <source>Could not store {name}: {reason} Nothing was stored.</source>
        <translation>{name} konnte nicht gespeichert werden: {reason} Es wurde nichts gespeichert.</translation>
    </message>
    <message>
        <source>There is no attachment with id {asset_id}; it may have been removed.</source>
        <translation>Es gibt keinen Anhang mit der ID {asset_id}; er wurde vielleicht entfernt.</translation>
    </message>
    <message>
        <source>The folder holding {name} in the asset store was replaced by a link; it is not read. Attach the file again.</source>
        <translation>Der Ordner, der {name} im Anhangspeicher enthält, wurde durch einen Link ersetzt; er wird nicht gelesen. Hängen Sie die Datei erneut an.</translation>
    </message>
    <message>
        <source>The attachment {name} is no longer in the asset store (its file was removed from disk). Attach it again.</source>
        <translation>Der Anhang {name} ist nicht mehr im Anhangspeicher (seine Datei wurde von der Festplatte entfernt). Hängen Sie ihn erneut an.</translation>
    </message>
    <message>
        <source>The stored file of {name} was replaced by a link; it is not read. Attach the file again.</source>
        <translation>Die gespeicherte Datei von {name} wurde durch einen Link ersetzt; sie wird nicht gelesen. Hängen Sie die Datei erneut an.</translation>
    </message>
    <message>
        <source>Could not read the attachment {name}: {reason}</source>
        <translation>Der Anhang {name} konnte nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>The stored digest {sha256} is malformed; the record is damaged.</source>
        <translation>Der gespeicherte Hashwert {sha256} ist fehlerhaft; der Eintrag ist beschädigt.</translation>
    </message>
    <message>
        <source>The attachment part {name} names no asset and carries no content.</source>
        <translation>Der Anhangteil {name} verweist auf keine gespeicherte Datei und enthält keinen Inhalt.</translation>
    </message>
    <message>
        <source>The attachment {name} cannot be read: no asset store is open.</source>
        <translation>Der Anhang {name} kann nicht gelesen werden: Es ist kein Anhangspeicher geöffnet.</translation>
    </message>
    <message>
        <source>The attachment {name} has a malformed data URL.</source>
        <translation>Der Anhang {name} hat eine fehlerhafte Daten-URL.</translation>
    </message>
    <message>
        <source>The attachment {name} has a data URL that is not base64.</source>
        <translation>Der Anhang {name} hat eine Daten-URL, die nicht base64-kodiert ist.</translation>
    </message>
    <message>
        <source>The agent is still working in this chat. Wait for it or stop it first.</source>
        <translation>Der Agent arbeitet noch in diesem Chat. Warten Sie, bis er fertig ist, oder stoppen Sie ihn zuerst.</translation>
    </message>
    <message>
        <source>“{label}” was cancelled.</source>
        <translation>„{label}“ wurde abgebrochen.</translation>
    </message>
    <message>
        <source>{path} does not hold a valid conversation ({error}).</source>
        <translation>{path} enthält keinen gültigen Chat ({error}).</translation>
    </message>
    <message>
        <source>“{title}” is already in your chats, unchanged: it was opened instead of copied.</source>
        <translation>„{title}“ ist bereits unverändert in Ihren Chats: Er wurde geöffnet statt kopiert.</translation>
    </message>
    <message>
        <source>“{title}”: the chat&apos;s own settings in the file ({names}) were not applied. An imported chat keeps its messages and attachments and uses your settings.</source>
        <translation>„{title}“: Die eigenen Einstellungen des Chats in der Datei ({names}) wurden nicht übernommen. Ein importierter Chat behält seine Nachrichten und Anhänge und verwendet Ihre Einstellungen.</translation>
    </message>
    <message>
        <source>Cannot import {path}: the file does not exist.</source>
        <translation>{path} kann nicht importiert werden: Die Datei existiert nicht.</translation>
    </message>
    <message>
        <source>Cannot import {path}: it could not be read ({error}).</source>
        <translation>{path} kann nicht importiert werden: Die Datei konnte nicht gelesen werden ({error}).</translation>
    </message>
    <message>
        <source>Cannot import {path}: {error}, so it was not imported.</source>
        <translation>{path} kann nicht importiert werden: {error}, daher wurde nichts importiert.</translation>
    </message>
    <message>
        <source>Cannot import {path}: it is not a JSON session export. Only files exported as JSON by Agent Desktop can be imported (Markdown exports are for reading).</source>
        <translation>{path} kann nicht importiert werden: Es ist kein als JSON exportierter Chat. Importieren lassen sich nur Dateien, die Agent Desktop als JSON exportiert hat (Markdown-Exporte sind zum Lesen).</translation>
    </message>
    <message>
        <source>Cannot import {path}: it is not an Agent Desktop session export.</source>
        <translation>{path} kann nicht importiert werden: Es ist kein Sitzungsexport von Agent Desktop.</translation>
    </message>
    <message>
        <source>Cannot import {path}: it was written in export version {version}, this app reads version {supported}. Update the app.</source>
        <translation>{path} kann nicht importiert werden: Die Datei hat die Exportversion {version}, diese App liest Version {supported}. Aktualisieren Sie die App.</translation>
    </message>
    <message>
        <source>Cannot import {path}: {reason}, so it was not imported.</source>
        <translation>{path} kann nicht importiert werden: {reason}, daher wurde nichts importiert.</translation>
    </message>
    <message>
        <source>Cannot import {path}: the attachment {name} is damaged.</source>
        <translation>{path} kann nicht importiert werden: Der Anhang {name} ist beschädigt.</translation>
    </message>
    <message>
        <source>Cannot import {path}: the attachment {name} does not match its checksum.</source>
        <translation>{path} kann nicht importiert werden: Der Anhang {name} passt nicht zu seiner Prüfsumme.</translation>
    </message>
    <message>
        <source>The agent server at {url} cannot be reached ({error}). Check that it runs and that this address is right.</source>
        <translation>Der Agentenserver unter {url} ist nicht erreichbar ({error}). Prüfen Sie, ob er läuft und ob die Adresse stimmt.</translation>
    </message>
    <message>
        <source>The agent server at {url} presented another certificate than the one pinned when you connected: someone may be in between. If the server&apos;s certificate was renewed, connect again and compare the fingerprint it prints.</source>
        <translation>Der Agentenserver unter {url} hat ein anderes Zertifikat vorgelegt als das beim Verbinden festgehaltene: Jemand könnte dazwischen sitzen. Wurde das Zertifikat des Servers erneuert, verbinden Sie sich erneut und vergleichen Sie den Fingerabdruck, den er ausgibt.</translation>
    </message>
    <message>
        <source>The agent server at {url} cannot be reached ({kind}). Check that it runs and that this address is right.</source>
        <translation>Der Agentenserver unter {url} ist nicht erreichbar ({kind}). Prüfen Sie, ob er läuft und ob die Adresse stimmt.</translation>
    </message>
    <message>
        <source>The agent server at {url} refused the token: it is wrong or was revoked. Connect again with the token the server showed.</source>
        <translation>Der Agentenserver unter {url} hat das Token abgelehnt: Es ist falsch oder wurde widerrufen. Verbinden Sie sich erneut mit dem Token, das der Server angezeigt hat.</translation>
    </message>
    <message>
        <source>The agent server at {url} answered {status_code}: {reason}</source>
        <translation>Der Agentenserver unter {url} antwortete {status_code}: {reason}</translation>
    </message>
    <message>
        <source>Attachments cannot be sent to the agent server {server_label} from here.</source>
        <translation>Von hier aus lassen sich keine Anhänge an den Agentenserver {server_label} senden.</translation>
    </message>
    <message>
        <source>There is no chat with id {session_id}.</source>
        <extracomment>Events whose payload is a live object or only means something inside this process. Where a tool the server runs is said to run (the client&apos;s tool row shows it).</extracomment>
        <translation>Es gibt keinen Chat mit der ID {session_id}.</translation>
    </message>
    <message>
        <source>The agent is still working in this chat: POST /sessions/{session_id}/cancel and wait for its request_finished event before deleting it.</source>
        <translation>Der Agent arbeitet noch in diesem Chat: Senden Sie POST /sessions/{session_id}/cancel und warten Sie auf sein Ereignis request_finished, bevor Sie ihn löschen.</translation>
    </message>
    <message>
        <source>Answers cut off when the app last stopped could not be recovered: {error} They stay in the database for the next start.</source>
        <translation>Antworten, die beim letzten Beenden der App abgebrochen wurden, konnten nicht wiederhergestellt werden: {error} Sie bleiben für den nächsten Start in der Datenbank.</translation>
    </message>
    <message>
        <source>Answers were cut off when the app last stopped: {count}. What had arrived was kept and marked as incomplete.</source>
        <translation>Beim letzten Beenden der App wurden Antworten abgebrochen: {count}. Was angekommen war, wurde behalten und als unvollständig markiert.</translation>
    </message>
    <message>
        <source>Unknown export format {format}; use &apos;markdown&apos; or &apos;json&apos;.</source>
        <translation>Unbekanntes Exportformat {format}; verwenden Sie &apos;markdown&apos; oder &apos;json&apos;.</translation>
    </message>
    <message>
        <source>{what} could not be saved because it holds a value that is not plain JSON ({error}). Nothing was changed.</source>
        <translation>{what} konnte nicht gespeichert werden, weil es einen Wert enthält, der kein einfaches JSON ist ({error}). Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>The session database {path} was written by a newer version of the app (schema {current}; this version knows up to {latest}). It was opened read-only so nothing is lost; update the app to edit it.</source>
        <translation>Die Sitzungsdatenbank {path} wurde von einer neueren Version der App geschrieben (Schema {current}; diese Version kennt bis {latest}). Sie wurde schreibgeschützt geöffnet, damit nichts verloren geht; aktualisieren Sie die App, um sie zu bearbeiten.</translation>
    </message>
    <message>
        <source>A copy was kept as {name}.</source>
        <translation>Eine Kopie wurde als {name} aufbewahrt.</translation>
    </message>
    <message>
        <source>Upgrading the session database {path} to schema {version} failed ({error}). It was left at schema {schema_version} and opened read-only.{kept}</source>
        <translation>Das Aktualisieren der Sitzungsdatenbank {path} auf Schema {version} ist fehlgeschlagen ({error}). Sie blieb bei Schema {schema_version} und wurde schreibgeschützt geöffnet.{kept}</translation>
    </message>
    <message>
        <source>The session database is healthy; there is nothing to replace.</source>
        <translation>Die Sitzungsdatenbank ist in Ordnung; es gibt nichts zu ersetzen.</translation>
    </message>
    <message>
        <source>Could not save {what}: {reason}</source>
        <translation>{what} konnte nicht gespeichert werden: {reason}</translation>
    </message>
    <message>
        <source>the database is read-only.</source>
        <translation>Die Datenbank ist schreibgeschützt.</translation>
    </message>
    <message>
        <source>Could not save {what}: {reason} The previous version is kept unchanged.</source>
        <translation>{what} konnte nicht gespeichert werden: {reason} Die vorherige Fassung bleibt unverändert.</translation>
    </message>
    <message>
        <source>Could not save {label}: it changed while this change was being made ({stored} messages stored, {expected_message_count} expected). Nothing was overwritten; try again.</source>
        <translation>{label} konnte nicht gespeichert werden: Es hat sich geändert, während diese Änderung lief ({stored} Nachrichten gespeichert, {expected_message_count} erwartet). Nichts wurde überschrieben; versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>The message could not be saved: it is not a valid message ({error}). Nothing was changed.</source>
        <translation>Die Nachricht konnte nicht gespeichert werden: Sie ist keine gültige Nachricht ({error}). Es wurde nichts geändert.</translation>
    </message>
    <message>
        <source>Message {number} of the conversation is no longer stored (the message or its conversation was deleted); nothing was written.</source>
        <translation>Nachricht {number} des Chats ist nicht mehr gespeichert (die Nachricht oder ihr Chat wurde gelöscht); es wurde nichts geschrieben.</translation>
    </message>
    <message>
        <source>Part of the session database {path} is damaged and could not be read ({error}). Restart the app: it keeps a copy of the file and opens what can still be read.</source>
        <translation>Ein Teil der Sitzungsdatenbank {path} ist beschädigt und konnte nicht gelesen werden ({error}). Starten Sie die App neu: Sie bewahrt eine Kopie der Datei auf und öffnet, was sich noch lesen lässt.</translation>
    </message>
    <message>
        <source>Searching the session database {path} failed because part of it is damaged ({error}). Restart the app: it keeps a copy of the file and opens what can still be read.</source>
        <translation>Die Suche in der Sitzungsdatenbank {path} ist fehlgeschlagen, weil ein Teil davon beschädigt ist ({error}). Starten Sie die App neu: Sie bewahrt eine Kopie der Datei auf und öffnet, was sich noch lesen lässt.</translation>
    </message>
    <message>
        <source>There is no conversation with id {session_id}; it may have been deleted.</source>
        <translation>Es gibt keinen Chat mit der ID {session_id}; er wurde vielleicht gelöscht.</translation>
    </message>
    <message>
        <source>Every tool server is ready now.</source>
        <translation>Alle Werkzeugserver sind jetzt bereit.</translation>
    </message>
    <message>
        <source>The agent is still working in this conversation. Wait for it to finish or stop it, then send again.</source>
        <translation>Der Agent arbeitet noch in diesem Chat. Warten Sie, bis er fertig ist, oder stoppen Sie ihn, und senden Sie dann erneut.</translation>
    </message>
    <message>
        <source>Stopped after {rounds} rounds of tool calls (the limit set in Settings → Tools). Send a message to let the agent continue.</source>
        <translation>Nach {rounds} Runden von Werkzeugaufrufen angehalten (die Grenze aus Einstellungen → Werkzeuge). Senden Sie eine Nachricht, damit der Agent weitermacht.</translation>
    </message>
    <message>
        <source>Parameters for action &apos;{action_id}&apos; must be an object, not {kind}.</source>
        <translation>Die Parameter der Aktion &apos;{action_id}&apos; müssen ein Objekt sein, nicht {kind}.</translation>
    </message>
    <message>
        <source>Invalid parameters for action &apos;{action_id}&apos;: {listing}.</source>
        <translation>Ungültige Parameter für die Aktion &apos;{action_id}&apos;: {listing}.</translation>
    </message>
    <message>
        <source>turned off for this request</source>
        <translation>für diese Anfrage abgeschaltet</translation>
    </message>
    <message>
        <source>The plugin &apos;{plugin}&apos; failed in {hook} and was {left_out}: {detail}</source>
        <translation>Die Erweiterung &apos;{plugin}&apos; ist in {hook} gescheitert und wurde {left_out}: {detail}</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>ausgelassen</translation>
    </message>
    <message>
        <source>its tools were left out of this request</source>
        <translation>ihre Werkzeuge wurden bei dieser Anfrage ausgelassen</translation>
    </message>
    <message>
        <source>No provider is registered; register one before requests.</source>
        <translation>Es ist kein Anbieter registriert; registrieren Sie einen vor den Anfragen.</translation>
    </message>
    <message>
        <source>No provider named &apos;{name}&apos; is registered. Registered providers: {providers}.</source>
        <translation>Es ist kein Anbieter namens &apos;{name}&apos; registriert. Registrierte Anbieter: {providers}.</translation>
    </message>
    <message>
        <source>in the way, so no {trigger} action ran</source>
        <translation>im Weg, daher lief keine Aktion für {trigger}</translation>
    </message>
    <message>
        <source>skipped for {trigger}</source>
        <translation>für {trigger} übersprungen</translation>
    </message>
    <message>
        <source>There is no agent {key} in the config (known agents: {known}). Pick another agent or add this one in Settings.</source>
        <translation>In der Konfiguration gibt es keinen Agenten {key} (bekannte Agenten: {known}). Wählen Sie einen anderen Agenten oder fügen Sie diesen in den Einstellungen hinzu.</translation>
    </message>
    <message>
        <source>This chat uses the provider {provider}, which is no longer configured. Pick another model for the chat in the model picker, or add the provider again under Settings → Providers.</source>
        <extracomment>How a setting reads a value from the environment, the same in every language (a value of the marked sentences, not part of their text: its braces are not a field of theirs). Keys `build_agent_config` adds to the flat config besides the provider&apos;s and agent&apos;s own.</extracomment>
        <translation>Dieser Chat verwendet den Anbieter {provider}, der nicht mehr eingerichtet ist. Wählen Sie in der Modellauswahl ein anderes Modell für den Chat oder fügen Sie den Anbieter unter Einstellungen → Anbieter wieder hinzu.</translation>
    </message>
    <message>
        <source>Agent {agent} uses the provider {provider}, which is not configured. Add it under Settings → Providers or pick another provider for the agent.</source>
        <translation>Der Agent {agent} verwendet den Anbieter {provider}, der nicht eingerichtet ist. Fügen Sie ihn unter Einstellungen → Anbieter hinzu oder wählen Sie einen anderen Anbieter für den Agenten.</translation>
    </message>
    <message>
        <source>{setting} refers to the environment variable {name}, which is not set. Set it before starting the app, or store the key in Settings instead.</source>
        <translation>{setting} verweist auf die Umgebungsvariable {name}, die nicht gesetzt ist. Setzen Sie sie vor dem Start der App oder speichern Sie den Schlüssel stattdessen in den Einstellungen.</translation>
    </message>
    <message>
        <source>{setting} refers to a keyring secret; none is open.</source>
        <translation>{setting} verweist auf ein Geheimnis im Schlüsselbund, aber keiner ist geöffnet.</translation>
    </message>
    <message>
        <source>{setting} could not be read: {error}</source>
        <translation>{setting} konnte nicht gelesen werden: {error}</translation>
    </message>
    <message>
        <source>{setting} refers to the keyring secret {name}, which is not stored (a key kept for one session only is gone after a restart). Enter the key again in Settings → Providers, or use {reference} to read it from the environment.</source>
        <translation>{setting} verweist auf das Schlüsselbund-Geheimnis {name}, das nicht gespeichert ist (ein nur für eine Sitzung behaltener Schlüssel ist nach einem Neustart weg). Geben Sie den Schlüssel unter Einstellungen → Anbieter erneut ein oder lesen Sie ihn mit {reference} aus der Umgebung.</translation>
    </message>
    <message>
        <source>The API key</source>
        <translation>Der API-Schlüssel</translation>
    </message>
    <message>
        <source>The setting {path}</source>
        <translation>Die Einstellung {path}</translation>
    </message>
    <message>
        <source>Kept for this session only, not stored: {names} ({reasons}). They must be entered again after a restart, or referenced as {reference}.</source>
        <translation>Nur für diese Sitzung behalten, nicht gespeichert: {names} ({reasons}). Nach einem Neustart müssen sie erneut eingegeben oder als {reference} angegeben werden.</translation>
    </message>
    <message>
        <source>Left in the config file as you wrote them, since no keyring can take them: {names}. Unlock or install a keyring to move them there, or reference them as {reference}.</source>
        <translation>So in der Konfigurationsdatei belassen, wie Sie sie geschrieben haben, da kein Schlüsselbund sie aufnehmen kann: {names}. Entsperren oder installieren Sie einen Schlüsselbund, um sie dorthin zu verschieben, oder geben Sie sie als {reference} an.</translation>
    </message>
    <message>
        <source>Some entries of {path} could not be read and were set aside ({details}). Everything else is used; the set-aside entries stay in the file unchanged. {copy} Fix or remove them there.</source>
        <translation>Einige Einträge von {path} konnten nicht gelesen werden und wurden beiseitegelegt ({details}). Alles andere wird verwendet; die beiseitegelegten Einträge bleiben unverändert in der Datei. {copy} Korrigieren oder entfernen Sie sie dort.</translation>
    </message>
    <message>
        <source>The config file could not be rewritten ({error}); the change is used for this run and saved with the next change in Settings.</source>
        <translation>Die Konfigurationsdatei konnte nicht neu geschrieben werden ({error}); die Änderung gilt für diesen Lauf und wird mit der nächsten Änderung in den Einstellungen gespeichert.</translation>
    </message>
    <message>
        <source>The agent {agent} kept {keys} of its provider; they were moved to the provider {provider}, where they belong.</source>
        <translation>Der Agent {agent} enthielt {keys} seines Anbieters; sie wurden zum Anbieter {provider} verschoben, wo sie hingehören.</translation>
    </message>
    <message>
        <source>The agent {agent} kept {keys} for a provider; they were removed (its provider entry has its own). Check Settings → Providers.</source>
        <translation>Der Agent {agent} enthielt {keys} für einen Anbieter; sie wurden entfernt (sein Anbietereintrag hat eigene). Prüfen Sie Einstellungen → Anbieter.</translation>
    </message>
    <message>
        <source>{path} holds plaintext secrets ({names}). They could not be moved to a keyring because none is available, so the file was left unchanged; they are used from memory for this run. They stay in the file until a keyring can take them.</source>
        <translation>{path} enthält Geheimnisse im Klartext ({names}). Sie konnten nicht in einen Schlüsselbund verschoben werden, weil keiner verfügbar ist; die Datei blieb daher unverändert, und sie werden für diese Sitzung aus dem Arbeitsspeicher verwendet. Sie bleiben in der Datei, bis ein Schlüsselbund sie aufnehmen kann.</translation>
    </message>
    <message>
        <source>Plaintext secrets in {path} could not be moved to the keyring: {error}</source>
        <translation>Geheimnisse im Klartext in {path} konnten nicht in den Schlüsselbund verschoben werden: {error}</translation>
    </message>
    <message>
        <source>Plaintext secrets from {path} were moved to the system keyring ({names}), but the file could not be rewritten: {error}</source>
        <translation>Geheimnisse im Klartext aus {path} wurden in den Systemschlüsselbund verschoben ({names}), aber die Datei konnte nicht neu geschrieben werden: {error}</translation>
    </message>
    <message>
        <source>Plaintext secrets from {path} were moved to the system keyring ({names}); the file now holds references instead.</source>
        <translation>Geheimnisse im Klartext aus {path} wurden in den Systemschlüsselbund verschoben ({names}); die Datei enthält jetzt stattdessen Verweise.</translation>
    </message>
    <message>
        <source>you chose this session only</source>
        <translation>Sie haben „nur diese Sitzung“ gewählt</translation>
    </message>
    <message>
        <source>No system keyring is available.</source>
        <extracomment>The first sentences of `probe_keyring`&apos;s answers, which `SecretStore.headline` cuts out: marked too, so the window can show a headline in its own language.</extracomment>
        <translation>Kein Systemschlüsselbund verfügbar.</translation>
    </message>
    <message>
        <source>The system keyring cannot be used ({reason}).</source>
        <translation>Der Systemschlüsselbund kann nicht verwendet werden ({reason}).</translation>
    </message>
    <message>
        <source>No system keyring is available</source>
        <translation>Kein Systemschlüsselbund verfügbar</translation>
    </message>
    <message>
        <source>No system keyring is available. API keys are kept in memory for this run only and must be entered again after a restart. Install and unlock a keyring service (for example GNOME Keyring or KWallet) to keep them.</source>
        <translation>Kein Systemschlüsselbund verfügbar. API-Schlüssel werden nur für diese Sitzung im Arbeitsspeicher gehalten und müssen nach einem Neustart erneut eingegeben werden. Installieren und entsperren Sie einen Schlüsselbunddienst (zum Beispiel GNOME Keyring oder KWallet), um sie zu behalten.</translation>
    </message>
    <message>
        <source>The system keyring cannot be used ({reason}). API keys are kept in memory for this run only. Unlock or repair the keyring and restart to keep them.</source>
        <translation>Der Systemschlüsselbund kann nicht verwendet werden ({reason}). API-Schlüssel werden nur für diese Sitzung im Arbeitsspeicher gehalten. Entsperren oder reparieren Sie den Schlüsselbund und starten Sie neu, um sie zu behalten.</translation>
    </message>
    <message>
        <source>{path} could not be read ({error}); fix or remove it, then export again.</source>
        <extracomment>What an archive may unpack to, all members together: a zip bomb is refused before reading. The parts an import may take, each with its own checkbox.</extracomment>
        <translation>{path} konnte nicht gelesen werden ({error}); korrigieren oder entfernen Sie die Datei und exportieren Sie dann erneut.</translation>
    </message>
    <message>
        <source>{path} does not exist; choose the file again.</source>
        <extracomment>The settings to apply, when the user chose them (through the application&apos;s settings change: checked, written whole or not at all, announced to the window).</extracomment>
        <translation>{path} existiert nicht; wählen Sie die Datei erneut.</translation>
    </message>
    <message>
        <source>{archive} is not a zip file ({error}); choose a file made by Export all my data.</source>
        <translation>{archive} ist keine ZIP-Datei ({error}); wählen Sie eine Datei, die mit „Alle meine Daten exportieren“ erstellt wurde.</translation>
    </message>
    <message>
        <source>{archive} holds {count} files, more than an export of Agent Desktop can ({limit}); it was not imported.</source>
        <translation>{archive} enthält {count} Dateien, mehr als ein Export von Agent Desktop enthalten kann ({limit}); die Datei wurde nicht importiert.</translation>
    </message>
    <message>
        <source>{archive} would unpack to {total} bytes, more than the {limit} an import takes; it was not imported. Export again on the other computer.</source>
        <translation>{archive} wäre entpackt {total} Byte groß, mehr als die {limit}, die ein Import annimmt; die Datei wurde nicht importiert. Exportieren Sie auf dem anderen Computer erneut.</translation>
    </message>
    <message>
        <source>{archive} holds a file whose path leaves its folder ({member}); it is not an export of Agent Desktop and was not imported.</source>
        <translation>{archive} enthält eine Datei, deren Pfad ihren Ordner verlässt ({member}); sie ist kein Export von Agent Desktop und wurde nicht importiert.</translation>
    </message>
    <message>
        <source>{archive}: {member} is damaged ({error}); export again.</source>
        <translation>{archive}: {member} ist beschädigt ({error}); exportieren Sie erneut.</translation>
    </message>
    <message>
        <source>{archive}: {member} is not valid JSON ({error}); export again.</source>
        <translation>{archive}: {member} ist kein gültiges JSON ({error}); exportieren Sie erneut.</translation>
    </message>
    <message>
        <source>{archive} has no manifest.json: it is not an export of Agent Desktop. Choose a file made by File → Export all my data.</source>
        <translation>{archive} hat keine manifest.json: Die Datei ist kein Export von Agent Desktop. Wählen Sie eine Datei, die mit „Datei → Alle meine Daten exportieren“ erstellt wurde.</translation>
    </message>
    <message>
        <source>{archive}: its manifest does not name the format {format}; it is not an export of Agent Desktop.</source>
        <translation>{archive}: Das Manifest nennt nicht das Format {format}; die Datei ist kein Export von Agent Desktop.</translation>
    </message>
    <message>
        <source>{archive}: its manifest&apos;s version {version} is not a version.</source>
        <translation>{archive}: Die Version {version} im Manifest ist keine gültige Version.</translation>
    </message>
    <message>
        <source>{archive} was written by a newer Agent Desktop (format version {version}); this one reads up to version {supported}. Update the app, then import it.</source>
        <translation>{archive} wurde von einem neueren Agent Desktop geschrieben (Formatversion {version}); dieser liest bis Version {supported}. Aktualisieren Sie die App und importieren Sie die Datei dann.</translation>
    </message>
    <message>
        <source>{archive}: {member} is not a JSON object; export again.</source>
        <translation>{archive}: {member} ist kein JSON-Objekt; exportieren Sie erneut.</translation>
    </message>
    <message>
        <source>{archive}: {member} has no list of {key}; export again.</source>
        <translation>{archive}: {member} enthält keine Liste „{key}“; exportieren Sie erneut.</translation>
    </message>
    <message>
        <source>Memory was not imported: {reason}</source>
        <translation>Die gemerkten Einträge wurden nicht importiert: {reason}</translation>
    </message>
    <message>
        <source>The skill {name} was not installed: {reason}</source>
        <translation>Der Skill {name} wurde nicht installiert: {reason}</translation>
    </message>
    <message>
        <source>The project {name} was not added: its folder {folder} is not on this computer. Make it again from its folder (drop the folder on the window).</source>
        <translation>Das Projekt {name} wurde nicht hinzugefügt: Sein Ordner {folder} ist nicht auf diesem Computer. Legen Sie es aus seinem Ordner neu an (ziehen Sie den Ordner auf das Fenster).</translation>
    </message>
    <message>
        <source>A schedule was not imported: {error}</source>
        <translation>Ein Zeitplan wurde nicht importiert: {error}</translation>
    </message>
    <message>
        <source>Imported schedules are off: turn them on in Session → Schedules.</source>
        <translation>Importierte Zeitpläne sind ausgeschaltet: Schalten Sie sie unter Sitzung → Zeitpläne ein.</translation>
    </message>
    <message>
        <source>Tool servers were not imported: a file never decides what runs on this computer. Add them again in Settings → Tool servers.</source>
        <translation>Werkzeugserver wurden nicht importiert: Eine Datei bestimmt nie, was auf diesem Computer läuft. Fügen Sie sie unter Einstellungen → Werkzeugserver erneut hinzu.</translation>
    </message>
    <message>
        <source>The setting {name} was not imported: its value is not valid.</source>
        <translation>Die Einstellung {name} wurde nicht importiert: Ihr Wert ist ungültig.</translation>
    </message>
    <message>
        <source>The API key of {named} is no longer stored (a key kept for one session only is gone after a restart). Enter it again in Settings → Providers.</source>
        <translation>Der API-Schlüssel von {named} ist nicht mehr gespeichert (ein nur für eine Sitzung behaltener Schlüssel ist nach einem Neustart weg). Geben Sie ihn unter Einstellungen → Anbieter erneut ein.</translation>
    </message>
    <message>
        <source>The API keys of {named} are no longer stored (a key kept for one session only is gone after a restart). Enter them again in Settings → Providers.</source>
        <translation>Die API-Schlüssel von {named} sind nicht mehr gespeichert (ein nur für eine Sitzung behaltener Schlüssel ist nach einem Neustart weg). Geben Sie sie unter Einstellungen → Anbieter erneut ein.</translation>
    </message>
    <message>
        <source>Plugins could not be looked for ({error}); the app starts without them. Details are in the log.</source>
        <translation>Nach Plugins konnte nicht gesucht werden ({error}); die App startet ohne sie. Details stehen im Protokoll.</translation>
    </message>
    <message>
        <source>The plugin {name} ({source}) was not loaded: {error}</source>
        <translation>Die Erweiterung {name} ({source}) wurde nicht geladen: {error}</translation>
    </message>
    <message>
        <source>The plugin {name} ({source}) failed as it started: {error}</source>
        <translation>Die Erweiterung {name} ({source}) ist beim Start fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>The plugin {name} could not be registered: {error}</source>
        <translation>Die Erweiterung {name} konnte nicht registriert werden: {error}</translation>
    </message>
    <message>
        <source>{error} It is no longer used; remove it there when you can.</source>
        <extracomment>{secret name: new value, or None to delete} Secret names the user chose to keep for this session only. `ToolRule.rule_id`s of argument rules the user revoked. The config&apos;s whole new `plugins` list (plugin sources), or None to keep it. The config&apos;s whole new `disabled_plugins` list (off for every agent), or None to keep it. (provider plugin name) -&gt; that plugin&apos;s `get_config_schema()` dict, or None when not loaded. Its `get_config_schema()`: {dotted key: {type, required, default, …}}. JSON-schema type -&gt; (Python types, what the user is told to enter).</extracomment>
        <translation>{error} Es wird nicht mehr verwendet; entfernen Sie es dort, sobald Sie können.</translation>
    </message>
    <message>
        <source>Kept for this session only, not stored: {names} ({reasons}). After a restart enter them again, or reference an environment variable with {reference}.</source>
        <translation>Nur für diese Sitzung behalten, nicht gespeichert: {names} ({reasons}). Geben Sie es nach einem Neustart erneut ein oder verweisen Sie mit {reference} auf eine Umgebungsvariable.</translation>
    </message>
    <message>
        <source>the environment variable {name} of “{title}”</source>
        <translation>die Umgebungsvariable {name} von „{title}“</translation>
    </message>
    <message>
        <source>the header {name} of “{title}”</source>
        <translation>der Header {name} von „{title}“</translation>
    </message>
    <message>
        <source>the API key of “{title}”</source>
        <translation>der API-Schlüssel von „{title}“</translation>
    </message>
    <message>
        <source>The user denied this tool call: {reason}</source>
        <extracomment>The arguments the user edited before allowing the call; None runs it as the model wrote.</extracomment>
        <translation>Der Benutzer hat diesen Werkzeugaufruf abgelehnt: {reason}</translation>
    </message>
    <message>
        <source>The user denied this tool call.</source>
        <translation>Der Benutzer hat diesen Werkzeugaufruf abgelehnt.</translation>
    </message>
    <message>
        <source>The tool call was not run: {reason}</source>
        <translation>Der Werkzeugaufruf wurde nicht ausgeführt: {reason}</translation>
    </message>
    <message>
        <source>The required argument &apos;{name}&apos; is missing.</source>
        <translation>Das erforderliche Argument „{name}“ fehlt.</translation>
    </message>
    <message>
        <source>The tool does not take an argument &apos;{name}&apos;.</source>
        <translation>Das Werkzeug nimmt kein Argument „{name}“ an.</translation>
    </message>
    <message>
        <source>Send the call again with the arguments the tool takes: {names}.</source>
        <translation>Senden Sie den Aufruf erneut mit den Argumenten, die das Werkzeug annimmt: {names}.</translation>
    </message>
    <message>
        <source>Send the call again without arguments.</source>
        <translation>Senden Sie den Aufruf ohne Argumente erneut.</translation>
    </message>
    <message>
        <source>Error: the call to tool &apos;{tool}&apos; was not run: its arguments do not fit the tool&apos;s parameters.</source>
        <translation>Fehler: Der Aufruf des Werkzeugs „{tool}“ wurde nicht ausgeführt: Seine Argumente passen nicht zu den Parametern des Werkzeugs.</translation>
    </message>
</context>
<context>
    <name>FirstRunFlow</name>
    <message>
        <source>Could not look for local servers: {error}</source>
        <translation>Lokale Server konnten nicht gesucht werden: {error}</translation>
    </message>
</context>
<context>
    <name>Forms</name>
    <message>
        <source>(not set)</source>
        <translation>(nicht festgelegt)</translation>
    </message>
    <message>
        <source>See the note above.</source>
        <translation>Siehe Hinweis oben.</translation>
    </message>
    <message>
        <source>Not valid JSON (line {line}, column {column}): {error}.</source>
        <extracomment>Longer captions wrap, so the fields keep their room in a narrow window.</extracomment>
        <translation>Kein gültiges JSON (Zeile {line}, Spalte {column}): {error}.</translation>
    </message>
    <message>
        <source>Enter a JSON object.</source>
        <translation>Geben Sie ein JSON-Objekt ein.</translation>
    </message>
    <message>
        <source>Enter a JSON array.</source>
        <translation>Geben Sie ein JSON-Array ein.</translation>
    </message>
    <message>
        <source>This cannot be split into words: {error}. Close the quote.</source>
        <translation>Lässt sich nicht in Wörter zerlegen: {error}. Schließen Sie das Anführungszeichen.</translation>
    </message>
    <message>
        <source>No system keyring is available.</source>
        <translation>Kein Systemschlüsselbund verfügbar.</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>Nicht festgelegt</translation>
    </message>
    <message>
        <source>Type a new key to replace the stored one</source>
        <translation>Neuen Schlüssel eingeben, um den gespeicherten zu ersetzen</translation>
    </message>
    <message>
        <source>Secrets cannot be stored here: no keyring is connected to this form.</source>
        <translation>Geheimnisse können hier nicht gespeichert werden: Mit diesem Formular ist kein Schlüsselbund verbunden.</translation>
    </message>
    <message>
        <source>For values ticked Secret: {problem}</source>
        <translation>Für als geheim markierte Werte: {problem}</translation>
    </message>
    <message>
        <source>Every value needs a name.</source>
        <translation>Jeder Wert braucht einen Namen.</translation>
    </message>
    <message>
        <source>Each name once: {names} appears more than once.</source>
        <translation>Jeden Namen nur einmal: {names} kommt mehrfach vor.</translation>
    </message>
    <message>
        <source>Choose a folder…</source>
        <translation>Ordner auswählen…</translation>
    </message>
    <message>
        <source>Choose a file…</source>
        <translation>Datei auswählen…</translation>
    </message>
    <message>
        <source>Model id</source>
        <translation>Modellkennung</translation>
    </message>
    <message>
        <source>{field} is required.</source>
        <translation>{field} ist erforderlich.</translation>
    </message>
</context>
<context>
    <name>FullTextViewer</name>
    <message>
        <source>{title}, whole text</source>
        <translation>{title}, ganzer Text</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>Loading state</source>
        <translation>Ladezustand</translation>
    </message>
    <message>
        <source>Whole text</source>
        <translation>Ganzer Text</translation>
    </message>
    <message>
        <source>{characters} characters · {lines} lines</source>
        <translation>{characters} Zeichen · {lines} Zeilen</translation>
    </message>
    <message>
        <source>“{word}” first found on line {line}</source>
        <translation>„{word}“ zuerst in Zeile {line} gefunden</translation>
    </message>
    <message>
        <source>Loading… {percent} %</source>
        <translation>Wird geladen… {percent} %</translation>
    </message>
</context>
<context>
    <name>GeneralPage</name>
    <message>
        <source>How the app looks and behaves.</source>
        <translation>Wie die App aussieht und sich verhält.</translation>
    </message>
</context>
<context>
    <name>ImportChoice</name>
    <message>
        <source>Import data</source>
        <translation>Daten importieren</translation>
    </message>
    <message>
        <source>{file} holds the data below. Choose what to add to this computer&apos;s.</source>
        <translation>{file} enthält die folgenden Daten. Wählen Sie, was zu den Daten dieses Computers hinzukommen soll.</translation>
    </message>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n Chat</numerusform>
            <numerusform>%n Chats</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n remembered item(s)</source>
        <translation>
            <numerusform>%n gemerkter Eintrag</numerusform>
            <numerusform>%n gemerkte Einträge</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n project(s)</source>
        <translation>
            <numerusform>%n Projekt</numerusform>
            <numerusform>%n Projekte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n skill(s)</source>
        <translation>
            <numerusform>%n Skill</numerusform>
            <numerusform>%n Skills</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n schedule(s), imported switched off</source>
        <translation>
            <numerusform>%n Zeitplan, ausgeschaltet importiert</numerusform>
            <numerusform>%n Zeitpläne, ausgeschaltet importiert</numerusform>
        </translation>
    </message>
    <message>
        <source>Settings, providers and agents (replace yours where they differ)</source>
        <translation>Einstellungen, Anbieter und Agenten (ersetzen Ihre, wo sie abweichen)</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Importieren</translation>
    </message>
</context>
<context>
    <name>ImportPreview</name>
    <message>
        <source>Server list to import</source>
        <translation>Zu importierende Serverliste</translation>
    </message>
    <message>
        <source>{&quot;mcpServers&quot;: {&quot;time&quot;: {&quot;command&quot;: &quot;uvx&quot;, &quot;args&quot;: [&quot;mcp-server-time&quot;]}}}
Claude Desktop, Cursor, Cline, VS Code (servers) and Goose (extensions) files work.</source>
        <translation>{&quot;mcpServers&quot;: {&quot;time&quot;: {&quot;command&quot;: &quot;uvx&quot;, &quot;args&quot;: [&quot;mcp-server-time&quot;]}}}
Dateien von Claude Desktop, Cursor, Cline, VS Code (servers) und Goose (extensions) funktionieren.</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Vorschau</translation>
    </message>
    <message>
        <source>From a file…</source>
        <translation>Aus einer Datei…</translation>
    </message>
    <message>
        <source>Read another app&apos;s MCP configuration file</source>
        <translation>Die MCP-Konfigurationsdatei einer anderen App lesen</translation>
    </message>
    <message>
        <source>Add these servers</source>
        <translation>Diese Server hinzufügen</translation>
    </message>
    <message>
        <source>Import preview</source>
        <translation>Importvorschau</translation>
    </message>
    <message>
        <source>Import MCP servers from a file</source>
        <translation>MCP-Server aus einer Datei importieren</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON-Dateien (*.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>Add %n server(s)</source>
        <translation>
            <numerusform>%n Server hinzufügen</numerusform>
            <numerusform>%n Server hinzufügen</numerusform>
        </translation>
    </message>
    <message>
        <source>“{name}” is larger than an MCP configuration file can be (over 1 MB); choose the app&apos;s MCP settings file.</source>
        <translation>„{name}“ ist größer, als eine MCP-Konfigurationsdatei sein kann (über 1 MB); wählen Sie die MCP-Einstellungsdatei der App.</translation>
    </message>
    <message>
        <source>Could not read “{name}”: {error}. Choose another file or paste its text.</source>
        <translation>„{name}“ konnte nicht gelesen werden: {error}. Wählen Sie eine andere Datei oder fügen Sie ihren Text ein.</translation>
    </message>
</context>
<context>
    <name>InstructionsDialog</name>
    <message>
        <source>Chat instructions</source>
        <translation>Chat-Anweisungen</translation>
    </message>
    <message>
        <source>The model reads these before every message of this chat. They replace the agent&apos;s instructions for this chat only.</source>
        <translation>Das Modell liest sie vor jeder Nachricht dieses Chats. Sie ersetzen die Anweisungen des Agenten nur für diesen Chat.</translation>
    </message>
    <message>
        <source>Instructions for this chat</source>
        <translation>Anweisungen für diesen Chat</translation>
    </message>
    <message>
        <source>Empty: this chat uses its agent&apos;s instructions:

{instructions}</source>
        <translation>Leer: Dieser Chat verwendet die Anweisungen seines Agenten:

{instructions}</translation>
    </message>
    <message>
        <source>Empty: this chat uses its agent&apos;s instructions (it has none).</source>
        <translation>Leer: Dieser Chat verwendet die Anweisungen seines Agenten (er hat keine).</translation>
    </message>
    <message>
        <source>Use the agent&apos;s</source>
        <translation>Die des Agenten verwenden</translation>
    </message>
    <message>
        <source>Remove this chat&apos;s own instructions</source>
        <translation>Die eigenen Anweisungen dieses Chats entfernen</translation>
    </message>
    <message>
        <source>Instructions of {name}</source>
        <translation>Anweisungen von {name}</translation>
    </message>
    <message>
        <source>Project instructions</source>
        <translation>Projektanweisungen</translation>
    </message>
</context>
<context>
    <name>LinkedItems</name>
    <message>
        <source>This row links to {href}, which the app cannot open.</source>
        <translation>Diese Zeile verweist auf {href}, das die App nicht öffnen kann.</translation>
    </message>
    <message>
        <source>Only a file of one of your projects opens from a chat.</source>
        <translation>Aus einem Chat öffnet sich nur eine Datei eines Ihrer Projekte.</translation>
    </message>
    <message>
        <source>No app here opens {name}.</source>
        <translation>Keine App hier öffnet {name}.</translation>
    </message>
    <message>
        <source>Settings has no Memory page: the memory plugin is turned off.</source>
        <translation>Die Einstellungen haben keine Seite „Gedächtnis“: Die Gedächtnis-Erweiterung ist ausgeschaltet.</translation>
    </message>
    <message>
        <source>That remembered item was deleted.</source>
        <translation>Dieser gemerkte Eintrag wurde gelöscht.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Starting…</source>
        <translation>Startet…</translation>
    </message>
</context>
<context>
    <name>MarkdownRender</name>
    <message>
        <source>Copy</source>
        <extracomment>Held while markdown-it or Pygments import a module or fill one of their lazy caches.</extracomment>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Drawing diagram…</source>
        <translation>Diagramm wird gezeichnet…</translation>
    </message>
    <message>
        <source>Copy source</source>
        <translation>Quelltext kopieren</translation>
    </message>
</context>
<context>
    <name>McpServerTrustList</name>
    <message>
        <source>MCP server trust</source>
        <translation>Vertrauen in MCP-Server</translation>
    </message>
</context>
<context>
    <name>McpServersPage</name>
    <message>
        <source>Import JSON…</source>
        <translation>JSON importieren…</translation>
    </message>
    <message>
        <source>Paste an mcpServers block from another app&apos;s config</source>
        <translation>Einen mcpServers-Block aus der Konfiguration einer anderen App einfügen</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>Korrigieren Sie zuerst die markierten Felder von „{current_id}“.</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindet…</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>kein Grund angegeben</translation>
    </message>
    <message>
        <source>Could not connect: {reason}</source>
        <translation>Verbindung fehlgeschlagen: {reason}</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n tool(s) ({tools}).</source>
        <translation>
            <numerusform>Verbunden: %n Werkzeug ({tools}).</numerusform>
            <numerusform>Verbunden: %n Werkzeuge ({tools}).</numerusform>
        </translation>
    </message>
    <message>
        <source>Connected.</source>
        <translation>Verbunden.</translation>
    </message>
</context>
<context>
    <name>MessageActions</name>
    <message>
        <source>Editing an earlier message: sending starts a new version of the chat from there; the current one stays (switch with ‹ › on the message).</source>
        <translation>Sie bearbeiten eine frühere Nachricht: Beim Senden beginnt ab dort eine neue Version des Chats; die aktuelle bleibt erhalten (wechseln mit ‹ › an der Nachricht).</translation>
    </message>
    <message>
        <source>Its attachments go with it: {files}.</source>
        <translation>Ihre Anhänge gehen mit: {files}.</translation>
    </message>
    <message>
        <source>{title} (fork)</source>
        <translation>{title} (Abzweigung)</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Forking the chat…</source>
        <translation>Chat wird abgezweigt…</translation>
    </message>
    <message>
        <source>Could not fork the chat: {error}</source>
        <translation>Chat konnte nicht abgezweigt werden: {error}</translation>
    </message>
    <message>
        <source>Forked into “{title}”.</source>
        <translation>Abgezweigt als „{title}“.</translation>
    </message>
    <message>
        <source>This chat has no code block to copy.</source>
        <translation>Dieser Chat enthält keinen Codeblock zum Kopieren.</translation>
    </message>
    <message>
        <source>This chat has its own instructions.</source>
        <translation>Dieser Chat hat eigene Anweisungen.</translation>
    </message>
    <message>
        <source>This chat uses its agent&apos;s instructions.</source>
        <translation>Dieser Chat verwendet die Anweisungen seines Agenten.</translation>
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
        <translation>{count} Zeilen</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>images</source>
        <extracomment>The widest the button grows; a longer id is cut at its end (its start says which model).</extracomment>
        <translation>Bilder</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>reasoning</source>
        <translation>Denken</translation>
    </message>
    <message>
        <source>{size}k context</source>
        <translation>{size}k Kontext</translation>
    </message>
    <message>
        <source>${given:.2f} / ${answered:.2f} per M tokens</source>
        <translation>${given:.2f} / ${answered:.2f} pro Mio. Tokens</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Model for this chat</source>
        <translation>Modell für diesen Chat</translation>
    </message>
    <message>
        <source>{model} · {provider}</source>
        <translation>{model} · {provider}</translation>
    </message>
    <message>
        <source>Model for this chat: {model}</source>
        <translation>Modell für diesen Chat: {model}</translation>
    </message>
</context>
<context>
    <name>ModelPickerPopup</name>
    <message>
        <source>Choose a model</source>
        <translation>Modell auswählen</translation>
    </message>
    <message>
        <source>Filter models</source>
        <translation>Modelle filtern</translation>
    </message>
    <message>
        <source>Filter models, or type a model id…</source>
        <translation>Modelle filtern oder eine Modellkennung eingeben…</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>Anheften</translation>
    </message>
    <message>
        <source>Pin the model</source>
        <translation>Modell anheften</translation>
    </message>
    <message>
        <source>Refresh lists</source>
        <translation>Listen aktualisieren</translation>
    </message>
    <message>
        <source>Model list state</source>
        <translation>Status der Modellliste</translation>
    </message>
    <message>
        <source>No provider is set up where this chat runs, so there is no model to pick. Add one in Settings → Providers, or in the agent server&apos;s settings.</source>
        <translation>Dort, wo dieser Chat läuft, ist kein Anbieter eingerichtet, daher gibt es kein Modell zur Auswahl. Fügen Sie einen unter Einstellungen → Anbieter hinzu oder in den Einstellungen des Agentenservers.</translation>
    </message>
    <message>
        <source>Listing models…</source>
        <translation>Modelle werden abgerufen…</translation>
    </message>
    <message>
        <source>{model} — {provider}</source>
        <translation>{model} — {provider}</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>Angeheftet</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>Zuletzt verwendet</translation>
    </message>
    <message>
        <source>Could not list the models: {reason}</source>
        <translation>Modellliste konnte nicht abgerufen werden: {reason}</translation>
    </message>
    <message>
        <source>Use “{model}” from {provider}</source>
        <translation>„{model}“ von {provider} verwenden</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>Lösen</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <source>Notice</source>
        <extracomment>The topic of &quot;the agent is still working in this chat&quot;: withdrawn once the chat is free. The topic of &quot;editing an earlier message&quot;: withdrawn once the edited answer is done.</extracomment>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Notice action</source>
        <translation>Aktion des Hinweises</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Dismiss notice</source>
        <translation>Hinweis schließen</translation>
    </message>
</context>
<context>
    <name>PathField</name>
    <message>
        <source>Choose {label}</source>
        <translation>{label} auswählen</translation>
    </message>
</context>
<context>
    <name>PluginActions</name>
    <message>
        <source>{kind} plugin, version {version}, by {author}</source>
        <translation>Erweiterung vom Typ {kind}, Version {version}, von {author}</translation>
    </message>
    <message>
        <source>{kind} plugin, version {version}</source>
        <translation>Erweiterung vom Typ {kind}, Version {version}</translation>
    </message>
    <message>
        <source>It cannot be loaded: {error}</source>
        <translation>Sie kann nicht geladen werden: {error}</translation>
    </message>
    <message>
        <source>Tools it adds:</source>
        <translation>Werkzeuge, die sie hinzufügt:</translation>
    </message>
    <message>
        <source>It adds no tools.</source>
        <translation>Sie fügt keine Werkzeuge hinzu.</translation>
    </message>
    <message>
        <source>Settings it adds:</source>
        <translation>Einstellungen, die sie hinzufügt:</translation>
    </message>
    <message>
        <source>It adds no settings.</source>
        <translation>Sie fügt keine Einstellungen hinzu.</translation>
    </message>
    <message>
        <source>It would not be installed: {problem}</source>
        <translation>Sie würde nicht installiert: {problem}</translation>
    </message>
    <message>
        <source>secret, kept in the keyring</source>
        <translation>geheim, im Schlüsselbund gespeichert</translation>
    </message>
    <message>
        <source>default: {value}</source>
        <translation>Standard: {value}</translation>
    </message>
    <message>
        <source>Disable</source>
        <translation>Deaktivieren</translation>
    </message>
    <message>
        <source>Update</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Remove…</source>
        <translation>Entfernen…</translation>
    </message>
    <message>
        <source>Plugin details</source>
        <translation>Details der Erweiterung</translation>
    </message>
    <message>
        <source>Choose a plugin to see what it is: its kind, tools and settings.</source>
        <translation>Wählen Sie eine Erweiterung, um zu sehen, was sie ist: Typ, Werkzeuge und Einstellungen.</translation>
    </message>
    <message>
        <source>Reading what {plugin} is…</source>
        <translation>Es wird gelesen, was {plugin} ist…</translation>
    </message>
    <message>
        <source>Enable</source>
        <translation>Aktivieren</translation>
    </message>
    <message>
        <source>A provider is turned off by removing its connection on the Providers page.</source>
        <translation>Ein Anbieter wird abgeschaltet, indem Sie seine Verbindung auf der Seite „Anbieter“ entfernen.</translation>
    </message>
    <message>
        <source>{plugin} is turned on for every agent when you press OK.</source>
        <translation>{plugin} wird für alle Agenten eingeschaltet, sobald Sie OK drücken.</translation>
    </message>
    <message>
        <source>{plugin} is turned off for every agent when you press OK: its tools are gone from the next request.</source>
        <translation>{plugin} wird für alle Agenten abgeschaltet, sobald Sie OK drücken: Ihre Werkzeuge fehlen ab der nächsten Anfrage.</translation>
    </message>
    <message>
        <source>Updating {plugin}…</source>
        <translation>{plugin} wird aktualisiert…</translation>
    </message>
    <message>
        <source>Fetched {source} again: the new version loads at the next start.</source>
        <translation>{source} wurde erneut geholt: Die neue Version wird beim nächsten Start geladen.</translation>
    </message>
    <message>
        <source>Updated {name} to {version}: it runs from the next start.</source>
        <translation>{name} wurde auf {version} aktualisiert: Sie läuft ab dem nächsten Start.</translation>
    </message>
    <message>
        <source>Remove {plugin}?</source>
        <translation>{plugin} entfernen?</translation>
    </message>
    <message>
        <source>Its package is deleted from the plugin folder; its tools are gone at once.</source>
        <translation>Ihr Paket wird aus dem Erweiterungsordner gelöscht; ihre Werkzeuge sind sofort weg.</translation>
    </message>
    <message>
        <source>Its source leaves the config when you press OK; it is gone from the next start.</source>
        <translation>Ihre Quelle wird beim Drücken von OK aus der Konfiguration entfernt; ab dem nächsten Start ist sie weg.</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Removing {plugin}…</source>
        <translation>{plugin} wird entfernt…</translation>
    </message>
    <message>
        <source>Removed the source {source}: it is saved when you press OK.</source>
        <translation>Die Quelle {source} wurde entfernt: Das wird gespeichert, sobald Sie OK drücken.</translation>
    </message>
    <message>
        <source>Removed {name}: its tools are gone.</source>
        <translation>{name} wurde entfernt: Ihre Werkzeuge sind weg.</translation>
    </message>
</context>
<context>
    <name>PluginInstaller</name>
    <message>
        <source>Plugin to install</source>
        <translation>Zu installierende Erweiterung</translation>
    </message>
    <message>
        <source>A package name, a wheel file (.whl), path:/folder, git+URL or package.PluginClass</source>
        <translation>Ein Paketname, eine Wheel-Datei (.whl), path:/Ordner, git+URL oder paket.ErweiterungsKlasse</translation>
    </message>
    <message>
        <source>Choose wheel…</source>
        <translation>Wheel auswählen…</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>See what it is (kind, tools, settings) before installing it</source>
        <translation>Vor der Installation sehen, was es ist (Typ, Werkzeuge, Einstellungen)</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>Installieren</translation>
    </message>
    <message>
        <source>Choose a plugin wheel</source>
        <translation>Wheel einer Erweiterung auswählen</translation>
    </message>
    <message>
        <source>Python wheels (*.whl)</source>
        <translation>Python-Wheels (*.whl)</translation>
    </message>
    <message>
        <source>Type or choose what to install first.</source>
        <translation>Geben Sie zuerst ein, was installiert werden soll, oder wählen Sie es aus.</translation>
    </message>
    <message>
        <source>Installing {wheel}…</source>
        <translation>{wheel} wird installiert…</translation>
    </message>
    <message>
        <source>Fetching {name} from the package index…</source>
        <translation>{name} wird aus dem Paketindex geholt…</translation>
    </message>
    <message>
        <source>Checking {source}…</source>
        <translation>{source} wird geprüft…</translation>
    </message>
    <message>
        <source>Installed {name} {version} by {author}: it adds {plugins}. Its settings show the next time Settings opens.</source>
        <translation>{name} {version} von {author} installiert: fügt {plugins} hinzu. Die Einstellungen erscheinen beim nächsten Öffnen der Einstellungen.</translation>
    </message>
    <message>
        <source>an unnamed author</source>
        <translation>ein unbenannter Autor</translation>
    </message>
    <message>
        <source>Added the plugin source {source}: it is saved when you press OK and loads at the next start.</source>
        <translation>Die Erweiterungsquelle {source} wurde hinzugefügt: Sie wird mit OK gespeichert und beim nächsten Start geladen.</translation>
    </message>
</context>
<context>
    <name>PluginSettingsPage</name>
    <message>
        <source>Settings of the plugin “{plugin}”{version}, for each agent.</source>
        <translation>Einstellungen der Erweiterung „{plugin}“{version}, für jeden Agent.</translation>
    </message>
    <message>
        <source>Settings of the plugin “{plugin}”{version}, for the whole app.</source>
        <translation>Einstellungen der Erweiterung „{plugin}“{version}, für die ganze App.</translation>
    </message>
    <message>
        <source>Settings for agent</source>
        <translation>Einstellungen für Agent</translation>
    </message>
</context>
<context>
    <name>PluginsPage</name>
    <message>
        <source>Plugin</source>
        <translation>Erweiterung</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Aktiviert</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>provider</source>
        <extracomment>The kinds `plugin_discovery` sorts plugins into, and the tool plugins&apos; flavours (`agent_app.plugin_offers`), as the Kind column and the details name them.</extracomment>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>extension</source>
        <translation>Ergänzung</translation>
    </message>
    <message>
        <source>feature</source>
        <translation>Funktion</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>agent-adapter tool</source>
        <translation>Agent-Adapter-Werkzeug</translation>
    </message>
    <message>
        <source>OpenHands tool</source>
        <translation>OpenHands-Werkzeug</translation>
    </message>
    <message>
        <source>Node tool</source>
        <translation>Node-Werkzeug</translation>
    </message>
    <message>
        <source>Everything that was found at start-up. “Enabled” is for the default agent; change it per agent on the Agents page.</source>
        <translation>Alles, was beim Start gefunden wurde. „Aktiviert“ gilt für den Standard-Agent; ändern Sie es je Agent auf der Seite „Agenten“.</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>Failed to load: {error}</source>
        <translation>Laden fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>Geladen</translation>
    </message>
</context>
<context>
    <name>ProjectChats</name>
    <message>
        <source>No project was made of {folder}: {reason}</source>
        <translation>Aus {folder} wurde kein Projekt erstellt: {reason}</translation>
    </message>
    <message>
        <source>“{name}” is no longer a project; its folder is as it was.</source>
        <translation>„{name}“ ist kein Projekt mehr; sein Ordner ist unverändert.</translation>
    </message>
    <message>
        <source>Pin a file of {name}</source>
        <translation>Eine Datei von {name} anheften</translation>
    </message>
    <message>
        <source>{path} is not in the project&apos;s folder {folder}; only its files are pinned.</source>
        <translation>{path} liegt nicht im Projektordner {folder}; nur dessen Dateien werden angeheftet.</translation>
    </message>
    <message>
        <source>The project “{name}” is updated.</source>
        <translation>Das Projekt „{name}“ ist aktualisiert.</translation>
    </message>
    <message>
        <source>No model is chosen yet: pick one in the message box, then try again.</source>
        <translation>Noch ist kein Modell gewählt: Wählen Sie eines im Nachrichtenfeld und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>New chats in “{name}” use the model of the chat they are started from.</source>
        <translation>Neue Chats in „{name}“ verwenden das Modell des Chats, aus dem sie gestartet werden.</translation>
    </message>
    <message>
        <source>New chats in “{name}” use {model}.</source>
        <translation>Neue Chats in „{name}“ verwenden {model}.</translation>
    </message>
    <message>
        <source>This chat is in the project “{name}”: it works in {folder}.</source>
        <translation>Dieser Chat gehört zum Projekt „{name}“: Er arbeitet in {folder}.</translation>
    </message>
</context>
<context>
    <name>ProjectsPanel</name>
    <message>
        <source>Projects</source>
        <translation>Projekte</translation>
    </message>
    <message>
        <source>Projects and their chats</source>
        <translation>Projekte und ihre Chats</translation>
    </message>
    <message>
        <source>New chat in project</source>
        <translation>Neuer Chat im Projekt</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message numerus="yes">
        <source>%n chat(s)</source>
        <translation>
            <numerusform>%n Chat</numerusform>
            <numerusform>%n Chats</numerusform>
        </translation>
    </message>
    <message>
        <source>New chats use {model}</source>
        <translation>Neue Chats verwenden {model}</translation>
    </message>
    <message>
        <source>New chat in {name}</source>
        <translation>Neuer Chat in {name}</translation>
    </message>
    <message>
        <source>Project actions</source>
        <translation>Projektaktionen</translation>
    </message>
    <message>
        <source>Instructions…</source>
        <translation>Anweisungen…</translation>
    </message>
    <message>
        <source>Pin a file…</source>
        <translation>Datei anheften…</translation>
    </message>
    <message>
        <source>Use the model shown for its new chats</source>
        <translation>Angezeigtes Modell für neue Chats verwenden</translation>
    </message>
    <message>
        <source>Stop using {model} for its new chats</source>
        <translation>{model} nicht mehr für neue Chats verwenden</translation>
    </message>
</context>
<context>
    <name>PromptLayer</name>
    <message>
        <source>Approval prompts</source>
        <translation>Freigabeanfragen</translation>
    </message>
</context>
<context>
    <name>ProviderPresets</name>
    <message>
        <source>Other OpenAI-compatible server</source>
        <extracomment>The `preset` key the OpenAI-compatible plugin knows the server by (&quot;&quot; for none).</extracomment>
        <translation>Anderer OpenAI-kompatibler Server</translation>
    </message>
</context>
<context>
    <name>ProvidersPage</name>
    <message>
        <source>Add provider…</source>
        <translation>Anbieter hinzufügen…</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Ask the server for its models with these settings</source>
        <translation>Den Server mit diesen Einstellungen nach seinen Modellen fragen</translation>
    </message>
    <message>
        <source>Found on this computer</source>
        <translation>Auf diesem Computer gefunden</translation>
    </message>
    <message>
        <source>Services</source>
        <translation>Dienste</translation>
    </message>
    <message>
        <source>For tests</source>
        <translation>Für Tests</translation>
    </message>
    <message>
        <source>No local server found running (Ollama, LM Studio…)</source>
        <translation>Kein laufender lokaler Server gefunden (Ollama, LM Studio…)</translation>
    </message>
    <message>
        <source>Fix the highlighted fields of “{current_id}” first.</source>
        <translation>Korrigieren Sie zuerst die markierten Felder von „{current_id}“.</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbindet…</translation>
    </message>
    <message numerus="yes">
        <source>Connected: %n model(s) ({models}).</source>
        <translation>
            <numerusform>Verbunden: %n Modell ({models}).</numerusform>
            <numerusform>Verbunden: %n Modelle ({models}).</numerusform>
        </translation>
    </message>
    <message>
        <source>Connected: no models.</source>
        <translation>Verbunden: keine Modelle.</translation>
    </message>
</context>
<context>
    <name>RecordsField</name>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Search {label}</source>
        <translation>{label} durchsuchen</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Edit the selected {label}</source>
        <translation>Ausgewählte(n) {label} bearbeiten</translation>
    </message>
    <message>
        <source>Delete the selected {label}</source>
        <translation>Ausgewählte(n) {label} löschen</translation>
    </message>
</context>
<context>
    <name>RemoteChats</name>
    <message>
        <source>The agent server at {url} runs with the token it made on an earlier start, which this app does not know. Revoke it with &apos;agent-desktop serve --revoke-token --data-dir {folder}&apos; and start the server again to get a new one.</source>
        <translation>Der Agentenserver unter {url} verwendet das Token, das er bei einem früheren Start erzeugt hat und das diese App nicht kennt. Widerrufen Sie es mit „agent-desktop serve --revoke-token --data-dir {folder}“ und starten Sie den Server erneut, um ein neues zu erhalten.</translation>
    </message>
    <message>
        <source>The agent server {server} stopped: {reason}</source>
        <translation>Der Agentenserver {server} wurde beendet: {reason}</translation>
    </message>
    <message>
        <source>The access token of the agent server {server} is revoked: the server refuses it from now on. Restart the server to make a new one, then connect again.</source>
        <translation>Das Zugriffstoken des Agentenservers {server} ist widerrufen: Der Server lehnt es ab jetzt ab. Starten Sie den Server neu, damit er ein neues erstellt, und verbinden Sie sich dann erneut.</translation>
    </message>
    <message>
        <source>Rename chat</source>
        <translation>Chat umbenennen</translation>
    </message>
    <message>
        <source>New name of the chat on {server}</source>
        <translation>Neuer Name des Chats auf {server}</translation>
    </message>
</context>
<context>
    <name>RemoteServerSection</name>
    <message>
        <source>Agent server {server}</source>
        <translation>Agentenserver {server}</translation>
    </message>
    <message>
        <source>New chat on {server}</source>
        <translation>Neuer Chat auf {server}</translation>
    </message>
    <message>
        <source>Settings of the agent server {server}</source>
        <translation>Einstellungen des Agentenservers {server}</translation>
    </message>
    <message>
        <source>Chats on {server}</source>
        <translation>Chats auf {server}</translation>
    </message>
    <message>
        <source>Untitled chat</source>
        <translation>Chat ohne Titel</translation>
    </message>
</context>
<context>
    <name>ResourceBrowser</name>
    <message>
        <source>Tool server resources</source>
        <translation>Ressourcen der Werkzeugserver</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>Ressourcen</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Resource preview</source>
        <translation>Ressourcenvorschau</translation>
    </message>
    <message>
        <source>Resource picture</source>
        <translation>Ressourcenbild</translation>
    </message>
    <message>
        <source>Resource browser message</source>
        <translation>Meldung des Ressourcenbrowsers</translation>
    </message>
    <message>
        <source>Attach</source>
        <translation>Anhängen</translation>
    </message>
    <message>
        <source>Attach resource</source>
        <translation>Ressource anhängen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>{name} (template)</source>
        <translation>{name} (Vorlage)</translation>
    </message>
    <message>
        <source>No running tool server offers resources.</source>
        <translation>Kein laufender Werkzeugserver bietet Ressourcen an.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>A template: Attach asks for its parameters ({names}), then reads the resource.</source>
        <translation>Eine Vorlage: „Anhängen“ fragt nach ihren Parametern ({names}) und liest dann die Ressource.</translation>
    </message>
    <message>
        <source>Reading {uri}…</source>
        <translation>{uri} wird gelesen…</translation>
    </message>
    <message>
        <source>Could not read it: {error}</source>
        <translation>Konnte nicht gelesen werden: {error}</translation>
    </message>
    <message>
        <source>{mime}, {size} (binary)</source>
        <translation>{mime}, {size} (binär)</translation>
    </message>
    <message numerus="yes">
        <source>… (%n characters in all)</source>
        <translation>
            <numerusform>… (%n Zeichen insgesamt)</numerusform>
            <numerusform>… (%n Zeichen insgesamt)</numerusform>
        </translation>
    </message>
    <message>
        <source>Attaching {name}…</source>
        <translation>{name} wird angehängt…</translation>
    </message>
    <message>
        <source>Attached {name} to the message.</source>
        <translation>{name} an die Nachricht angehängt.</translation>
    </message>
    <message>
        <source>It was not attached.</source>
        <translation>Wurde nicht angehängt.</translation>
    </message>
    <message>
        <source>{name}: parameters</source>
        <translation>{name}: Parameter</translation>
    </message>
</context>
<context>
    <name>RowLayouter</name>
    <message>
        <source>Show all  ({size})</source>
        <translation>Alles anzeigen  ({size})</translation>
    </message>
    <message numerus="yes">
        <source>… %n earlier characters not shown …</source>
        <translation>
            <numerusform>… %n früheres Zeichen nicht angezeigt …</numerusform>
            <numerusform>… %n frühere Zeichen nicht angezeigt …</numerusform>
        </translation>
    </message>
    <message>
        <source>(no output)</source>
        <translation>(keine Ausgabe)</translation>
    </message>
</context>
<context>
    <name>RowTasks</name>
    <message>
        <source>Could not ask the server to cancel the task: {error}</source>
        <translation>Der Server konnte nicht gebeten werden, die Aufgabe abzubrechen: {error}</translation>
    </message>
    <message>
        <source>Asked the server to cancel {task}; its row shows how it ended.</source>
        <translation>Der Server wurde gebeten, {task} abzubrechen; seine Zeile zeigt, wie es endete.</translation>
    </message>
</context>
<context>
    <name>ScheduleEditor</name>
    <message>
        <source>Schedule</source>
        <extracomment>Every configured provider with its models (the model catalog&apos;s listing, off the GUI thread).</extracomment>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Use the agent&apos;s model</source>
        <translation>Modell des Agenten verwenden</translation>
    </message>
    <message>
        <source>Answer in</source>
        <translation>Antworten in</translation>
    </message>
    <message>
        <source>A new chat each run</source>
        <translation>Bei jedem Lauf ein neuer Chat</translation>
    </message>
    <message>
        <source>this chat</source>
        <translation>diesem Chat</translation>
    </message>
    <message>
        <source>The chat “{title}”</source>
        <translation>Der Chat „{title}“</translation>
    </message>
    <message>
        <source>Repeat</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Every day</source>
        <translation>Jeden Tag</translation>
    </message>
    <message>
        <source>Weekdays</source>
        <translation>Werktags</translation>
    </message>
    <message>
        <source>Weekly on</source>
        <translation>Wöchentlich am</translation>
    </message>
    <message>
        <source>Every N minutes</source>
        <translation>Alle N Minuten</translation>
    </message>
    <message>
        <source>Hourly</source>
        <translation>Stündlich</translation>
    </message>
    <message>
        <source>Day</source>
        <translation>Tag</translation>
    </message>
    <message>
        <source>Minutes</source>
        <translation>Minuten</translation>
    </message>
    <message>
        <source>At</source>
        <translation>Um</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>Zeitzone</translation>
    </message>
    <message>
        <source>Missed runs</source>
        <translation>Verpasste Läufe</translation>
    </message>
    <message>
        <source>Run once on return</source>
        <translation>Bei Rückkehr einmal ausführen</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>Überspringen</translation>
    </message>
    <message>
        <source>Enabled</source>
        <translation>Aktiviert</translation>
    </message>
    <message>
        <source>Schedules run while Agent Desktop runs, also hidden in the tray. To run them with the window closed, turn on “Run schedules when the app is closed” in the Schedules window, or run “agent-desktop serve” on this data folder.</source>
        <translation>Zeitpläne laufen, solange Agent Desktop läuft, auch im Infobereich verborgen. Damit sie bei geschlossenem Fenster laufen, aktivieren Sie im Fenster „Zeitpläne“ die Option „Zeitpläne auch bei geschlossener App ausführen“, oder führen Sie „agent-desktop serve“ mit diesem Datenordner aus.</translation>
    </message>
    <message>
        <source>The agent&apos;s own model</source>
        <translation>Das eigene Modell des Agenten</translation>
    </message>
    <message>
        <source>Runs use the model of the schedule&apos;s agent.</source>
        <translation>Ausführungen verwenden das Modell des Agenten dieses Zeitplans.</translation>
    </message>
</context>
<context>
    <name>ScheduleRuns</name>
    <message>
        <source>Scheduled run finished</source>
        <translation>Geplanter Lauf beendet</translation>
    </message>
    <message>
        <source>A scheduled run needs you</source>
        <translation>Ein geplanter Lauf braucht Sie</translation>
    </message>
    <message>
        <source>{name}: a tool waits for your approval in its chat.</source>
        <translation>{name}: Ein Werkzeug wartet in seinem Chat auf Ihre Freigabe.</translation>
    </message>
    <message>
        <source>A scheduled run failed</source>
        <translation>Ein geplanter Lauf ist fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>SchedulesDialog</name>
    <message>
        <source>Schedules</source>
        <translation>Zeitpläne</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Hinzufügen…</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Run schedules when the app is closed</source>
        <translation>Zeitpläne auch bei geschlossener App ausführen</translation>
    </message>
    <message>
        <source>Installs a user service that runs this data folder&apos;s schedules at login, without a window (systemd on Linux). A run is never started twice.</source>
        <translation>Installiert einen Benutzerdienst, der die Zeitpläne dieses Datenordners bei der Anmeldung ohne Fenster ausführt (systemd unter Linux). Eine Ausführung wird nie zweimal gestartet.</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Due</source>
        <translation>Fällig</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Open the run&apos;s chat</source>
        <translation>Chat des Laufs öffnen</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Needs you</source>
        <translation>Braucht Sie</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Übersprungen</translation>
    </message>
    <message>
        <source>Also stands for missed due times: {count}</source>
        <translation>Steht auch für verpasste Termine: {count}</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <source>Your choices: keep the key for this session only (enter it again after a restart); type ${env:VARIABLE} to read it from an environment variable on every start; or unlock or install a keyring (GNOME Keyring, KWallet) and restart.</source>
        <extracomment>What a user without a working keyring can do, said where a key is typed.</extracomment>
        <translation>Ihre Möglichkeiten: den Schlüssel nur für diese Sitzung behalten (nach einem Neustart erneut eingeben); ${env:VARIABLE} eingeben, um ihn bei jedem Start aus einer Umgebungsvariablen zu lesen; oder einen Schlüsselbund (GNOME Keyring, KWallet) entsperren oder installieren und neu starten.</translation>
    </message>
</context>
<context>
    <name>SelectableText</name>
    <message>
        <source>Message text</source>
        <translation>Nachrichtentext</translation>
    </message>
</context>
<context>
    <name>ServerLogDialog</name>
    <message>
        <source>Log of {server}</source>
        <translation>Protokoll von {server}</translation>
    </message>
    <message>
        <source>(nothing logged yet)</source>
        <translation>(noch nichts protokolliert)</translation>
    </message>
</context>
<context>
    <name>ServerSettingsDialog</name>
    <message>
        <source>Not available for an agent server: it would pick a file or folder on this computer, which the server cannot read. Use it in the settings of the app on the server&apos;s computer.</source>
        <translation>Für einen Agentenserver nicht verfügbar: Es würde eine Datei oder einen Ordner auf diesem Computer auswählen, die der Server nicht lesen kann. Verwende es in den Einstellungen der App auf dem Computer des Servers.</translation>
    </message>
    <message>
        <source>Settings of the agent server {server}</source>
        <translation>Einstellungen des Agentenservers {server}</translation>
    </message>
    <message>
        <source>These settings are kept on the agent server {server} and used by its agent; secrets typed here go to that server&apos;s keyring and are never sent back.</source>
        <translation>Diese Einstellungen werden auf dem Agentenserver {server} gespeichert und von dessen Agenten verwendet; hier eingegebene Geheimnisse kommen in den Schlüsselbund dieses Servers und werden nie zurückgesendet.</translation>
    </message>
    <message>
        <source>Agent:</source>
        <translation>Agent:</translation>
    </message>
    <message>
        <source>Agent of the server</source>
        <translation>Agent des Servers</translation>
    </message>
    <message>
        <source>Whose settings these pages show and change.</source>
        <translation>Wessen Einstellungen diese Seiten zeigen und ändern.</translation>
    </message>
    <message>
        <source>Plugins of the server</source>
        <translation>Erweiterungen des Servers</translation>
    </message>
    <message>
        <source>Reading the settings from the server…</source>
        <translation>Einstellungen werden vom Server gelesen…</translation>
    </message>
    <message>
        <source>Revoke the access token…</source>
        <translation>Zugriffstoken widerrufen…</translation>
    </message>
    <message>
        <source>The server refuses this token from then on, from every computer that has it; restarting the server makes a new one.</source>
        <translation>Der Server lehnt dieses Token danach ab, von jedem Computer, der es hat; ein Neustart des Servers erstellt ein neues.</translation>
    </message>
    <message>
        <source>Settings of the plugin “{plugin}” on the server.</source>
        <translation>Einstellungen der Erweiterung „{plugin}“ auf dem Server.</translation>
    </message>
    <message>
        <source>The server&apos;s plugins have no settings to change.</source>
        <translation>Die Erweiterungen des Servers haben keine Einstellungen, die sich ändern lassen.</translation>
    </message>
    <message>
        <source>Save or cancel the changes to this agent&apos;s settings first.</source>
        <translation>Speichere oder verwirf zuerst die Änderungen an den Einstellungen dieses Agenten.</translation>
    </message>
    <message>
        <source>Revoke the access token?</source>
        <translation>Zugriffstoken widerrufen?</translation>
    </message>
    <message>
        <source>The server refuses this token from now on, here and on every computer it was given to, and this window disconnects from it. To connect again, restart &apos;agent-desktop serve&apos;: it makes and shows a new token.</source>
        <translation>Der Server lehnt dieses Token ab jetzt ab, hier und auf jedem Computer, dem es gegeben wurde, und dieses Fenster trennt die Verbindung. Um sich erneut zu verbinden, starten Sie „agent-desktop serve“ neu: Es erstellt ein neues Token und zeigt es an.</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Widerrufen</translation>
    </message>
</context>
<context>
    <name>ServerSignInPanel</name>
    <message>
        <source>MCP server sign-in</source>
        <translation>Anmeldung am MCP-Server</translation>
    </message>
    <message>
        <source>MCP sign-in result</source>
        <translation>Ergebnis der MCP-Anmeldung</translation>
    </message>
    <message>
        <source>Sign in again</source>
        <translation>Erneut anmelden</translation>
    </message>
    <message>
        <source>Forget this server&apos;s access and open its login page in your browser</source>
        <translation>Den Zugang zu diesem Server vergessen und seine Anmeldeseite im Browser öffnen</translation>
    </message>
    <message>
        <source>Sign out</source>
        <translation>Abmelden</translation>
    </message>
    <message>
        <source>Forget this server&apos;s access; its tools stop until you sign in</source>
        <translation>Den Zugang zu diesem Server vergessen; seine Werkzeuge stehen bis zur erneuten Anmeldung still</translation>
    </message>
</context>
<context>
    <name>ServerStatusLog</name>
    <message numerus="yes">
        <source>%n tool(s)</source>
        <translation>
            <numerusform>%n Werkzeug</numerusform>
            <numerusform>%n Werkzeuge</numerusform>
        </translation>
    </message>
    <message>
        <source>{state}: {reason} (stderr: {said})</source>
        <translation>{state}: {reason} (stderr: {said})</translation>
    </message>
    <message>
        <source>{state} It failed before: {reason} (stderr: {said})</source>
        <translation>{state} Zuvor fehlgeschlagen: {reason} (stderr: {said})</translation>
    </message>
    <message>
        <source>MCP server status</source>
        <translation>Status des MCP-Servers</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>Protokoll anzeigen</translation>
    </message>
    <message>
        <source>MCP server log</source>
        <translation>Protokoll des MCP-Servers</translation>
    </message>
    <message>
        <source>Nothing logged yet.</source>
        <translation>Noch nichts protokolliert.</translation>
    </message>
    <message>
        <source>Hide log</source>
        <translation>Protokoll ausblenden</translation>
    </message>
</context>
<context>
    <name>ServerTokenDialog</name>
    <message>
        <source>Access token of the agent server</source>
        <translation>Zugriffstoken des Agentenservers</translation>
    </message>
    <message>
        <source>The agent server at {url} is running. Every request to it carries this token. Copy it now to connect from another app or computer: it will not be shown again. This app keeps it and connects by itself. To revoke it, use &apos;Revoke the access token&apos; in the server&apos;s settings, or run &apos;agent-desktop serve --revoke-token&apos;.</source>
        <translation>Der Agentenserver unter {url} läuft. Jede Anfrage an ihn trägt dieses Token. Kopieren Sie es jetzt, um sich aus einer anderen App oder von einem anderen Computer zu verbinden: Es wird nicht noch einmal angezeigt. Diese App bewahrt es auf und verbindet sich selbst. Zum Widerrufen verwenden Sie „Zugriffstoken widerrufen“ in den Einstellungen des Servers oder führen „agent-desktop serve --revoke-token“ aus.</translation>
    </message>
    <message>
        <source>Access token</source>
        <translation>Zugriffstoken</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the access token</source>
        <translation>Zugriffstoken kopieren</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Kopiert</translation>
    </message>
</context>
<context>
    <name>SessionActionRunner</name>
    <message>
        <source>Open or start a conversation first, then run the action on it.</source>
        <translation>Öffnen oder beginnen Sie zuerst eine Unterhaltung und führen Sie die Aktion dann darauf aus.</translation>
    </message>
    <message>
        <source>“{action}” is still running; wait for it or cancel it first.</source>
        <translation>„{action}“ läuft noch; warten Sie das Ende ab oder brechen Sie sie zuerst ab.</translation>
    </message>
    <message>
        <source>Select the messages for “{action}” first: click the first one and Shift+click the last one, then choose it again.</source>
        <translation>Wählen Sie zuerst die Nachrichten für „{action}“: Klicken Sie auf die erste und mit Umschalt auf die letzte, und wählen Sie die Aktion dann erneut.</translation>
    </message>
</context>
<context>
    <name>SessionFiles</name>
    <message>
        <source>Export chat</source>
        <translation>Chat exportieren</translation>
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
        <translation>Chats importieren</translation>
    </message>
    <message>
        <source>Agent Desktop chats (*{suffix} *.json)</source>
        <translation>Agent-Desktop-Chats (*{suffix} *.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}. Choose another place.</source>
        <translation>{path} konnte nicht geschrieben werden: {reason}. Wählen Sie einen anderen Ort.</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>Exportiert nach {path}.</translation>
    </message>
    <message>
        <source>{path} was not imported: {error}</source>
        <translation>{path} wurde nicht importiert: {error}</translation>
    </message>
</context>
<context>
    <name>SessionSidebar</name>
    <message numerus="yes">
        <source>Imported %n chat(s).</source>
        <translation>
            <numerusform>%n Chat importiert.</numerusform>
            <numerusform>%n Chats importiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Approval needed</source>
        <translation>Freigabe nötig</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>{place}:</source>
        <translation>{place}:</translation>
    </message>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n Min.</numerusform>
            <numerusform>%n Min.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n Std.</numerusform>
            <numerusform>%n Std.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n d</source>
        <translation>
            <numerusform>%n T.</numerusform>
            <numerusform>%n T.</numerusform>
        </translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Unterhaltungen</translation>
    </message>
    <message>
        <source>New chat (Ctrl+N)</source>
        <translation>Neuer Chat (Strg+N)</translation>
    </message>
    <message>
        <source>Search chats  (Ctrl+K)</source>
        <translation>Chats durchsuchen  (Strg+K)</translation>
    </message>
    <message>
        <source>Search conversations</source>
        <translation>Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Conversation list</source>
        <translation>Liste der Unterhaltungen</translation>
    </message>
    <message>
        <source>No matches</source>
        <translation>Keine Treffer</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Umbenennen</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <translation>Als Markdown exportieren…</translation>
    </message>
    <message>
        <source>Export as JSON…</source>
        <translation>Als JSON exportieren…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
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
        <translation>Allgemein</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Appearance</source>
        <extracomment>Drawn per server on the Tools page (not a field of a section&apos;s form).</extracomment>
        <translation>Darstellung</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Wie das System</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message>
        <source>High contrast</source>
        <translation>Hoher Kontrast</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>Send messages with</source>
        <translation>Nachrichten senden mit</translation>
    </message>
    <message>
        <source>Enter (Shift+Enter for a new line)</source>
        <translation>Eingabe (Umschalt+Eingabe für neue Zeile)</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>Strg+Eingabe</translation>
    </message>
    <message>
        <source>Tool rounds per request</source>
        <translation>Werkzeugrunden pro Anfrage</translation>
    </message>
    <message>
        <source>The agent stops after this many rounds of tool calls in one request.</source>
        <translation>Der Agent hält nach so vielen Runden von Werkzeugaufrufen in einer Anfrage an.</translation>
    </message>
    <message>
        <source>Tool time limit</source>
        <translation>Zeitlimit für Werkzeuge</translation>
    </message>
    <message>
        <source>A tool that runs longer than this is stopped.</source>
        <translation>Ein Werkzeug, das länger läuft, wird angehalten.</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Plugin time limit (seconds)</source>
        <translation>Zeitlimit für Erweiterungen (Sekunden)</translation>
    </message>
    <message>
        <source>A plugin hook still running after this long stops its request, so the app keeps responding.</source>
        <translation>Ein Erweiterungs-Hook, der danach noch läuft, hält seine Anfrage an, damit die App reaktionsfähig bleibt.</translation>
    </message>
    <message>
        <source>Largest attachment</source>
        <translation>Größter Anhang</translation>
    </message>
    <message>
        <source>Files larger than this are not attached.</source>
        <translation>Größere Dateien werden nicht angehängt.</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>MCP server trust</source>
        <translation>Vertrauen in MCP-Server</translation>
    </message>
    <message>
        <source>Per MCP server: whether the tools it marks read-only may run without asking (a server&apos;s hints are its own claims). Servers not listed are asked about.</source>
        <translation>Pro MCP-Server: ob Werkzeuge, die er als schreibgeschützt kennzeichnet, ohne Nachfrage laufen dürfen (die Hinweise eines Servers sind seine eigenen Angaben). Bei nicht aufgeführten Servern wird gefragt.</translation>
    </message>
    <message>
        <source>Extra plugin folders</source>
        <translation>Zusätzliche Erweiterungsordner</translation>
    </message>
    <message>
        <source>Folders holding agent_plugin.json plugins, one per line; loaded on the next start.</source>
        <translation>Ordner mit agent_plugin.json-Erweiterungen, einer pro Zeile; werden beim nächsten Start geladen.</translation>
    </message>
    <message>
        <source>Plugin package index</source>
        <translation>Paketindex für Erweiterungen</translation>
    </message>
    <message>
        <source>Where Settings → Plugins finds a plugin installed by its package name (the address of a simple repository index).</source>
        <translation>Wo Einstellungen → Erweiterungen eine Erweiterung findet, die über ihren Paketnamen installiert wird (die Adresse eines Simple-Repository-Index).</translation>
    </message>
    <message>
        <source>Developer mode</source>
        <translation>Entwicklermodus</translation>
    </message>
    <message>
        <source>Also list plugins that exist for tests and demos (such as scripted replies).</source>
        <translation>Auch Erweiterungen für Tests und Vorführungen anzeigen (etwa vorgegebene Antworten).</translation>
    </message>
    <message>
        <source>Text size (%)</source>
        <translation>Textgröße (%)</translation>
    </message>
    <message>
        <source>Size of the chat&apos;s text, relative to the system font (View → Bigger text).</source>
        <translation>Größe des Chattexts relativ zur Systemschrift (Ansicht → Text vergrößern).</translation>
    </message>
    <message>
        <source>Show the sidebar</source>
        <translation>Seitenleiste anzeigen</translation>
    </message>
    <message>
        <source>The list of chats on the left.</source>
        <translation>Die Liste der Chats links.</translation>
    </message>
    <message>
        <source>Show an icon in the system tray</source>
        <translation>Symbol im Systembereich anzeigen</translation>
    </message>
    <message>
        <source>Show or hide the window and start a chat from the tray; when the window is hidden, a finished answer is announced there.</source>
        <translation>Fenster vom Systembereich aus zeigen oder verbergen und Chats beginnen; ist das Fenster verborgen, wird eine fertige Antwort dort gemeldet.</translation>
    </message>
    <message>
        <source>Quick entry shortcut</source>
        <translation>Tastenkürzel für Schnelleingabe</translation>
    </message>
    <message>
        <source>Keys that work in every app: they bring this window forward with the message box of a new chat ready (or of the chat shown, while it is empty or holds a draft). Empty: off. The command agent-desktop --quick-entry does the same.</source>
        <translation>Tasten, die in jeder App wirken: Sie holen dieses Fenster nach vorn, mit dem Nachrichtenfeld eines neuen Chats bereit (oder des angezeigten, solange er leer ist oder einen Entwurf enthält). Leer: aus. Der Befehl agent-desktop --quick-entry tut dasselbe.</translation>
    </message>
    <message>
        <source>Ask before every tool (hints ignored)</source>
        <translation>Vor jedem Werkzeug fragen (Hinweise ignorieren)</translation>
    </message>
    <message>
        <source>Run tools it marks read-only without asking</source>
        <translation>Als schreibgeschützt gekennzeichnete Werkzeuge ohne Nachfrage ausführen</translation>
    </message>
    <message>
        <source>Name</source>
        <extracomment>Keys that say where a provider connects and with which credential: they belong to the provider entry, never to an agent (where they would reach every provider the agent is switched to). Keys of a provider entry an agent cannot set for itself (its parameters may set the rest). Pages of the Settings dialog that show entries of these models (schema extra `section`).</extracomment>
        <translation>Name</translation>
    </message>
    <message>
        <source>e.g. Writer</source>
        <translation>z. B. Autor</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>The connection this agent talks through (Providers page).</source>
        <translation>Die Verbindung, über die dieser Agent spricht (Seite „Anbieter“).</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>Standardmodell</translation>
    </message>
    <message>
        <source>Empty: the provider&apos;s own default model. “Test connection” on the Providers page lists what the server offers.</source>
        <translation>Leer: das Standardmodell des Anbieters. „Verbindung testen“ auf der Seite „Anbieter“ listet, was der Server anbietet.</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>You are a helpful assistant…</source>
        <translation>Sie sind ein hilfreicher Assistent…</translation>
    </message>
    <message>
        <source>Other parameters (JSON)</source>
        <translation>Weitere Parameter (JSON)</translation>
    </message>
    <message>
        <source>Advanced: request settings the provider does not declare, e.g. {&quot;seed&quot;: 7}.</source>
        <translation>Erweitert: Anfrageeinstellungen, die der Anbieter nicht deklariert, z. B. {&quot;seed&quot;: 7}.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <extracomment>Page names other parts of the app can open the dialog on.</extracomment>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>Einstellungsseiten</translation>
    </message>
    <message>
        <source>Saving status</source>
        <translation>Speicherstatus</translation>
    </message>
    <message>
        <source>Loading plugin settings…</source>
        <translation>Einstellungen der Erweiterungen werden geladen…</translation>
    </message>
    <message>
        <source>PLUGIN SETTINGS</source>
        <translation>ERWEITERUNGSEINSTELLUNGEN</translation>
    </message>
    <message>
        <source>Saving… (the system keyring may ask to be unlocked first)</source>
        <translation>Wird gespeichert… (der Schlüsselbund des Systems fragt eventuell zuerst nach dem Entsperren)</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert…</translation>
    </message>
    <message>
        <source>“{page}” has settings that need fixing (marked in red).</source>
        <translation>„{page}“ hat Einstellungen, die korrigiert werden müssen (rot markiert).</translation>
    </message>
    <message>
        <source>Nothing was saved: {details}</source>
        <translation>Nichts wurde gespeichert: {details}</translation>
    </message>
</context>
<context>
    <name>SettingsPages</name>
    <message>
        <source>Agents</source>
        <extracomment>Form keys of declared parameters: `parameters.&lt;name&gt;`.</extracomment>
        <translation>Agenten</translation>
    </message>
    <message>
        <source>An agent is a provider and model with its own system prompt, parameters and plugins.</source>
        <translation>Ein Agent ist ein Anbieter und ein Modell mit eigenem Systemprompt, eigenen Parametern und Erweiterungen.</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>Agent</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>Model Context Protocol servers whose tools the agents can use: a command to start (stdio) or a URL (HTTP).</source>
        <translation>Model-Context-Protocol-Server, deren Werkzeuge die Agenten nutzen können: ein Befehl zum Starten (stdio) oder eine URL (HTTP).</translation>
    </message>
    <message>
        <source>server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Plugins</source>
        <translation>Erweiterungen</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Connections to model servers. Each provider keeps its own address, key and model. Keys go to the system keyring, never to the config file; ${env:VARIABLE} reads one from the environment instead.</source>
        <translation>Verbindungen zu Modellservern. Jeder Anbieter hat seine eigene Adresse, seinen Schlüssel und sein Modell. Schlüssel kommen in den Schlüsselbund des Systems, nie in die Konfigurationsdatei; ${env:VARIABLE} liest einen stattdessen aus der Umgebung.</translation>
    </message>
    <message>
        <source>provider</source>
        <translation>Anbieter</translation>
    </message>
</context>
<context>
    <name>SidebarSessions</name>
    <message>
        <source>the chat</source>
        <translation>den Chat</translation>
    </message>
    <message>
        <source>Deleted “{title}”.</source>
        <translation>„{title}“ gelöscht.</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <source>Sign in to {server}</source>
        <translation>Bei {server} anmelden</translation>
    </message>
    <message>
        <source>The tool server &apos;{server}&apos; needs you to sign in</source>
        <translation>Der Werkzeugserver &apos;{server}&apos; erfordert Ihre Anmeldung</translation>
    </message>
    <message>
        <source>Agent Desktop keeps the access in your system keyring.</source>
        <translation>Agent Desktop bewahrt den Zugang im Schlüsselbund des Systems auf.</translation>
    </message>
    <message>
        <source>{problem} The access is kept for this session only: you sign in again after a restart.</source>
        <translation>{problem} Der Zugang gilt nur für diese Sitzung: Nach einem Neustart melden Sie sich erneut an.</translation>
    </message>
    <message>
        <source>Your browser will open the login page on {host}. After you sign in there, the page sends you back to Agent Desktop and the server&apos;s tools become available.</source>
        <translation>Ihr Browser öffnet die Anmeldeseite auf {host}. Nach der Anmeldung dort führt die Seite Sie zu Agent Desktop zurück, und die Werkzeuge des Servers stehen bereit.</translation>
    </message>
    <message>
        <source>Login page: {page}</source>
        <translation>Anmeldeseite: {page}</translation>
    </message>
    <message>
        <source>Login page address</source>
        <translation>Adresse der Anmeldeseite</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Nicht jetzt</translation>
    </message>
    <message>
        <source>The server stays signed out; Settings → MCP servers → Sign in again starts later</source>
        <translation>Der Server bleibt abgemeldet; Einstellungen → MCP-Server → Erneut anmelden startet die Anmeldung später</translation>
    </message>
    <message>
        <source>Open {shown_host}</source>
        <translation>{shown_host} öffnen</translation>
    </message>
</context>
<context>
    <name>StartServerDialog</name>
    <message>
        <source>Start an agent server on this computer</source>
        <translation>Einen Agentenserver auf diesem Computer starten</translation>
    </message>
    <message>
        <source>The agent runs in a server of its own, without a window, with its own data folder. Only this computer can reach it on 127.0.0.1; another address needs TLS, as the server will tell you.</source>
        <translation>Der Agent läuft in einem eigenen Server, ohne Fenster, mit eigenem Datenordner. Unter 127.0.0.1 erreicht ihn nur dieser Computer; eine andere Adresse erfordert TLS, wie der Server Ihnen mitteilen wird.</translation>
    </message>
    <message>
        <source>Address to listen on</source>
        <translation>Adresse, auf der gelauscht wird</translation>
    </message>
    <message>
        <source>Listen on</source>
        <translation>Lauschen auf</translation>
    </message>
    <message>
        <source>Keep running after the app quits</source>
        <translation>Nach dem Beenden der App weiterlaufen lassen</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Starting the agent server…</source>
        <translation>Der Agentenserver wird gestartet…</translation>
    </message>
</context>
<context>
    <name>TaskControls</name>
    <message>
        <source>Progress of {tool}</source>
        <translation>Fortschritt von {tool}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Cancel {tool}</source>
        <translation>{tool} abbrechen</translation>
    </message>
    <message>
        <source>Ask the server to stop this task</source>
        <translation>Den Server bitten, diese Aufgabe zu beenden</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
</context>
<context>
    <name>TasksView</name>
    <message>
        <source>Running tasks</source>
        <translation>Laufende Aufgaben</translation>
    </message>
    <message>
        <source>Open chat</source>
        <translation>Chat öffnen</translation>
    </message>
    <message>
        <source>Cancel task</source>
        <translation>Aufgabe abbrechen</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <source>{task} — in “{chat}”</source>
        <translation>{task} — in „{chat}“</translation>
    </message>
    <message>
        <source>No task is running.</source>
        <translation>Keine Aufgabe läuft.</translation>
    </message>
    <message>
        <source>Could not cancel {task}: {error}</source>
        <translation>{task} konnte nicht abgebrochen werden: {error}</translation>
    </message>
    <message>
        <source>Asked the server to cancel {task}; its chat shows how it ended.</source>
        <translation>Der Server wurde gebeten, {task} abzubrechen; sein Chat zeigt, wie es endete.</translation>
    </message>
</context>
<context>
    <name>ToolRule</name>
    <message>
        <source>commands starting with “{value}”</source>
        <translation>Befehle, die mit „{value}“ beginnen</translation>
    </message>
    <message>
        <source>files in the agent&apos;s workspace folder</source>
        <translation>Dateien im Arbeitsordner des Agenten</translation>
    </message>
    <message>
        <source>paths under “{value}”</source>
        <translation>Pfade unter „{value}“</translation>
    </message>
    <message>
        <source>URLs on {value}</source>
        <translation>URLs auf {value}</translation>
    </message>
</context>
<context>
    <name>ToolRulesList</name>
    <message>
        <source>Argument rules</source>
        <translation>Argumentregeln</translation>
    </message>
    <message>
        <source>Allowed by rule</source>
        <translation>Per Regel erlaubt</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Runs without asking for</source>
        <translation>Läuft ohne Nachfrage für</translation>
    </message>
    <message>
        <source>No rules. Choose “Always allow …” in an approval prompt to allow one tool only for calls like that one (a command prefix, a folder, a web domain).</source>
        <translation>Keine Regeln. Wählen Sie „Immer erlauben …“ in einer Freigabeanfrage, um ein Werkzeug nur für Aufrufe wie diesen zu erlauben (ein Befehlsanfang, ein Ordner, eine Webdomain).</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Widerrufen</translation>
    </message>
    <message>
        <source>Revoke rule: {tool} {rule}</source>
        <translation>Regel widerrufen: {tool} {rule}</translation>
    </message>
    <message>
        <source>Ask again before “{tool}” runs for {rule}</source>
        <translation>Erneut fragen, bevor „{tool}“ für {rule} ausgeführt wird</translation>
    </message>
</context>
<context>
    <name>ToolServers</name>
    <message>
        <source>sign-in needed</source>
        <translation>Anmeldung nötig</translation>
    </message>
    <message>
        <source>starting again — failed: {reason} (stderr: {said})</source>
        <translation>startet erneut — fehlgeschlagen: {reason} (stderr: {said})</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>startet…</translation>
    </message>
    <message>
        <source>failed: {reason} (stderr: {said})</source>
        <translation>fehlgeschlagen: {reason} (stderr: {said})</translation>
    </message>
    <message>
        <source>failed: {reason}</source>
        <translation>fehlgeschlagen: {reason}</translation>
    </message>
    <message>
        <source>turned off</source>
        <translation>ausgeschaltet</translation>
    </message>
    <message>
        <source>not started yet</source>
        <translation>noch nicht gestartet</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Tools {ready}/{enabled}</source>
        <translation>Werkzeuge {ready}/{enabled}</translation>
    </message>
</context>
<context>
    <name>ToolServersButton</name>
    <message numerus="yes">
        <source>ready · %n tool(s)</source>
        <translation>
            <numerusform>bereit · %n Werkzeug</numerusform>
            <numerusform>bereit · %n Werkzeuge</numerusform>
        </translation>
    </message>
    <message>
        <source>Tool servers</source>
        <translation>Werkzeugserver</translation>
    </message>
    <message>
        <source>Tool servers: their state, logs and resources</source>
        <translation>Werkzeugserver: Status, Protokolle und Ressourcen</translation>
    </message>
    <message>
        <source>Tool servers menu</source>
        <translation>Menü der Werkzeugserver</translation>
    </message>
    <message>
        <source>Tool server {server}</source>
        <translation>Werkzeugserver {server}</translation>
    </message>
    <message>
        <source>Show log</source>
        <translation>Protokoll anzeigen</translation>
    </message>
    <message>
        <source>Browse resources…</source>
        <translation>Ressourcen durchsuchen…</translation>
    </message>
    <message>
        <source>No tool servers are set up</source>
        <translation>Keine Werkzeugserver eingerichtet</translation>
    </message>
    <message>
        <source>Running tasks…</source>
        <translation>Laufende Aufgaben…</translation>
    </message>
</context>
<context>
    <name>ToolsPage</name>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Entscheidung</translation>
    </message>
    <message>
        <source>Remembered approvals</source>
        <translation>Gespeicherte Freigaben</translation>
    </message>
    <message>
        <source>No remembered decisions: every tool that changes things will ask.</source>
        <translation>Keine gemerkten Entscheidungen: Jedes Werkzeug, das etwas ändert, fragt nach.</translation>
    </message>
    <message>
        <source>Available tools</source>
        <translation>Verfügbare Werkzeuge</translation>
    </message>
    <message>
        <source>Plugin</source>
        <translation>Erweiterung</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Always allow</source>
        <translation>Immer erlauben</translation>
    </message>
    <message>
        <source>Revoke</source>
        <translation>Widerrufen</translation>
    </message>
    <message>
        <source>Ask again before “{tool}” runs</source>
        <translation>Erneut fragen, bevor „{tool}“ ausgeführt wird</translation>
    </message>
</context>
<context>
    <name>TrayIcon</name>
    <message>
        <source>Hide window</source>
        <translation>Fenster ausblenden</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>Neuer Chat</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Beenden</translation>
    </message>
    <message>
        <source>Show window</source>
        <translation>Fenster anzeigen</translation>
    </message>
    <message>
        <source>Answer ready</source>
        <translation>Antwort bereit</translation>
    </message>
    <message>
        <source>Your chat has a new answer.</source>
        <translation>Ihr Chat hat eine neue Antwort.</translation>
    </message>
</context>
<context>
    <name>TurnOutcome</name>
    <message>
        <source>incomplete</source>
        <translation>unvollständig</translation>
    </message>
    <message>
        <source>stopped by you</source>
        <extracomment>How a request ended, from a provider&apos;s failure kind; anything else &quot;failed&quot;. How a request stopped before its end: the user&apos;s Stop (or Esc), or the app quitting. What the chat and the status bar call each ending.</extracomment>
        <translation>von Ihnen angehalten</translation>
    </message>
    <message>
        <source>stopped when the app quit</source>
        <translation>beim Beenden der App angehalten</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <source>connection cut</source>
        <translation>Verbindung unterbrochen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>The model returned nothing.</source>
        <translation>Das Modell hat nichts zurückgegeben.</translation>
    </message>
</context>
<context>
    <name>TurnOutcomePanel</name>
    <message>
        <source>How the last request ended</source>
        <translation>Wie die letzte Anfrage endete</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Send the last message again</source>
        <translation>Letzte Nachricht erneut senden</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Show the technical details</source>
        <translation>Technische Details anzeigen</translation>
    </message>
    <message>
        <source>Technical details</source>
        <translation>Technische Details</translation>
    </message>
    <message>
        <source>Timed out</source>
        <extracomment>The short bold line above the sentence, by how the request ended.</extracomment>
        <translation>Zeitüberschreitung</translation>
    </message>
    <message>
        <source>Connection cut</source>
        <translation>Verbindung unterbrochen</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Empty answer</source>
        <translation>Leere Antwort</translation>
    </message>
</context>
<context>
    <name>ViewHelper</name>
    <message>
        <source>this installation has no web engine for MCP App views (the Linux bundle leaves QtWebEngine out to stay small); the tool&apos;s text result is shown instead. To see views, install the Flatpak, or run Agent Desktop from a checkout with &apos;uv run agent-desktop&apos;</source>
        <translation>diese Installation hat keine Web-Engine für MCP-App-Ansichten (das Linux-Paket lässt QtWebEngine weg, um klein zu bleiben); stattdessen wird das Textergebnis des Werkzeugs gezeigt. Für Ansichten installieren Sie das Flatpak oder starten Sie Agent Desktop aus einem Checkout mit „uv run agent-desktop“</translation>
    </message>
</context>
<context>
    <name>ViewMenu</name>
    <message>
        <source>Follow the &amp;system</source>
        <translation>Wie das &amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>Hoher &amp;Kontrast</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>View menu</source>
        <translation>Menü Ansicht</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Design</translation>
    </message>
    <message>
        <source>&amp;Bigger text</source>
        <translation>Text ver&amp;größern</translation>
    </message>
    <message>
        <source>&amp;Smaller text</source>
        <translation>Text ver&amp;kleinern</translation>
    </message>
    <message>
        <source>&amp;Actual size</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <source>Show &amp;sidebar</source>
        <translation>&amp;Seitenleiste anzeigen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Help menu</source>
        <translation>Menü Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Agent Desktop</source>
        <translation>Über &amp;Agent Desktop</translation>
    </message>
</context>
<context>
    <name>WelcomePane</name>
    <message>
        <source>Welcome and setup</source>
        <translation>Willkommen und Einrichtung</translation>
    </message>
    <message>
        <source>Welcome to Agent Desktop</source>
        <translation>Willkommen bei Agent Desktop</translation>
    </message>
    <message>
        <source>Connect a model to start chatting. A local server needs no key; a cloud provider&apos;s key is never written to a file.</source>
        <translation>Verbinden Sie ein Modell, um zu chatten. Ein lokaler Server braucht keinen Schlüssel; der Schlüssel eines Cloud-Anbieters wird nie in eine Datei geschrieben.</translation>
    </message>
    <message>
        <source>Local servers on this computer</source>
        <translation>Lokale Server auf diesem Computer</translation>
    </message>
    <message>
        <source>Detected local servers</source>
        <translation>Gefundene lokale Server</translation>
    </message>
    <message>
        <source>Looking for local servers…</source>
        <translation>Suche nach lokalen Servern…</translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation>Erneut suchen</translation>
    </message>
    <message>
        <source>Scan again for local servers</source>
        <translation>Erneut nach lokalen Servern suchen</translation>
    </message>
    <message>
        <source>Use this server</source>
        <translation>Diesen Server verwenden</translation>
    </message>
    <message>
        <source>Use the selected local server</source>
        <translation>Den ausgewählten lokalen Server verwenden</translation>
    </message>
    <message>
        <source>Or use an API key</source>
        <translation>Oder einen API-Schlüssel verwenden</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>Server address</source>
        <translation>Serveradresse</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>sk-…  or  ${env:OPENAI_API_KEY}</source>
        <translation>sk-…  oder  ${env:OPENAI_API_KEY}</translation>
    </message>
    <message>
        <source>Checking where keys can be kept…</source>
        <translation>Prüfe, wo Schlüssel aufbewahrt werden können…</translation>
    </message>
    <message>
        <source>Where the key is kept</source>
        <translation>Wo der Schlüssel aufbewahrt wird</translation>
    </message>
    <message>
        <source>Keep this key for this session only</source>
        <translation>Diesen Schlüssel nur für diese Sitzung behalten</translation>
    </message>
    <message>
        <source>Saving status</source>
        <translation>Speicherstatus</translation>
    </message>
    <message>
        <source>Save and start</source>
        <translation>Speichern und starten</translation>
    </message>
    <message>
        <source>Save the API key and start</source>
        <translation>API-Schlüssel speichern und starten</translation>
    </message>
    <message>
        <source>http://localhost:8000/v1</source>
        <translation>http://localhost:8000/v1</translation>
    </message>
    <message>
        <source>sk-…  or  ${{env:{variable}}}</source>
        <translation>sk-…  oder  ${{env:{variable}}}</translation>
    </message>
    <message>
        <source>Optional: most local servers need none</source>
        <translation>Optional: Die meisten lokalen Server brauchen keinen</translation>
    </message>
    <message>
        <source>The key is stored in the system keyring. Or type ${env:VARIABLE} to read it from the environment instead.</source>
        <translation>Der Schlüssel wird im Schlüsselbund des Systems gespeichert. Oder geben Sie ${env:VARIABLE} ein, um ihn stattdessen aus der Umgebung zu lesen.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message numerus="yes">
        <source>(%n model(s))</source>
        <translation>
            <numerusform>(%n Modell)</numerusform>
            <numerusform>(%n Modelle)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Found %n.</source>
        <translation>
            <numerusform>%n gefunden.</numerusform>
            <numerusform>%n gefunden.</numerusform>
        </translation>
    </message>
    <message>
        <source>None found (Ollama, LM Studio, llama.cpp, vLLM).</source>
        <translation>Keine gefunden (Ollama, LM Studio, llama.cpp, vLLM).</translation>
    </message>
    <message>
        <source>Enter the API key first.</source>
        <translation>Geben Sie zuerst den API-Schlüssel ein.</translation>
    </message>
    <message>
        <source>Enter the server address, for example http://localhost:8000/v1.</source>
        <translation>Geben Sie die Serveradresse ein, zum Beispiel http://localhost:8000/v1.</translation>
    </message>
    <message>
        <source>Enter a model in the Model field: a name the server lists, for example gpt-4o-mini or llama3.1.</source>
        <translation>Geben Sie im Feld „Modell“ ein Modell ein: einen Namen, den der Server auflistet, zum Beispiel gpt-4o-mini oder llama3.1.</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>Wird gespeichert…</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>&amp;Neuer Chat</translation>
    </message>
    <message>
        <source>&amp;Import chat…</source>
        <translation>Chat &amp;importieren…</translation>
    </message>
    <message>
        <source>Import chats exported as JSON</source>
        <translation>Als JSON exportierte Chats importieren</translation>
    </message>
    <message>
        <source>&amp;Export all my data…</source>
        <translation>Alle meine Daten &amp;exportieren…</translation>
    </message>
    <message>
        <source>Every chat, memory, project, skill and setting in one file</source>
        <translation>Alle Chats, Erinnerungen, Projekte, Skills und Einstellungen in einer Datei</translation>
    </message>
    <message>
        <source>Import &amp;data…</source>
        <translation>&amp;Daten importieren…</translation>
    </message>
    <message>
        <source>Connect to an agent server…</source>
        <translation>Mit einem Agentenserver verbinden…</translation>
    </message>
    <message>
        <source>Go to &amp;approval</source>
        <translation>Zur &amp;Freigabe</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Session</source>
        <translation>&amp;Sitzung</translation>
    </message>
    <message>
        <source>Session menu</source>
        <translation>Menü Sitzung</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>&amp;Umbenennen…</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Umbenennen</translation>
    </message>
    <message>
        <source>Export as &amp;Markdown…</source>
        <translation>Als &amp;Markdown exportieren…</translation>
    </message>
    <message>
        <source>Export as Markdown</source>
        <translation>Als Markdown exportieren</translation>
    </message>
    <message>
        <source>Export as &amp;JSON…</source>
        <translation>Als &amp;JSON exportieren…</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>Als JSON exportieren</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Chat &amp;instructions…</source>
        <translation>Chat-&amp;Anweisungen…</translation>
    </message>
    <message>
        <source>What this chat tells the model first</source>
        <translation>Was dieser Chat dem Modell zuerst sagt</translation>
    </message>
    <message>
        <source>Sc&amp;hedule this chat…</source>
        <translation>Diesen Chat &amp;planen…</translation>
    </message>
    <message>
        <source>Schedu&amp;les…</source>
        <translation>&amp;Zeitpläne…</translation>
    </message>
    <message>
        <source>Export this chat</source>
        <translation>Diesen Chat exportieren</translation>
    </message>
</context>
<context>
    <name>WindowNotices</name>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
</context>
<context>
    <name>_AnswerColumn</name>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Answer of {model}</source>
        <translation>Antwort von {model}</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Schreibt…</translation>
    </message>
    <message>
        <source>State of {model}</source>
        <translation>Status von {model}</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Fehlgeschlagen: {reason}</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
</context>
<context>
    <name>_Dialog</name>
    <message>
        <source>Server&apos;s question</source>
        <translation>Frage des Servers</translation>
    </message>
    <message>
        <source>Decline</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Answer later: the tool is told the request was cancelled</source>
        <translation>Später antworten: Dem Werkzeug wird mitgeteilt, dass die Anfrage abgebrochen wurde</translation>
    </message>
</context>
<context>
    <name>_KeyValueField</name>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add to {label}</source>
        <translation>Zu {label} hinzufügen</translation>
    </message>
</context>
<context>
    <name>_KeyValueRow</name>
    <message>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
    <message>
        <source>{label} name</source>
        <translation>Name von {label}</translation>
    </message>
    <message>
        <source>{label} value</source>
        <translation>Wert von {label}</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>Geheim</translation>
    </message>
    <message>
        <source>Keep the value in the system keyring, not in the config file</source>
        <translation>Den Wert im Schlüsselbund des Systems statt in der Konfigurationsdatei aufbewahren</translation>
    </message>
    <message>
        <source>Remove from {label}</source>
        <translation>Aus {label} entfernen</translation>
    </message>
    <message>
        <source>•••••••• stored (type to replace)</source>
        <translation>•••••••• gespeichert (zum Ersetzen tippen)</translation>
    </message>
    <message>
        <source>value, or ${env:VARIABLE}</source>
        <translation>Wert oder ${env:VARIABLE}</translation>
    </message>
</context>
<context>
    <name>_PathField</name>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
</context>
<context>
    <name>_SecretField</name>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the stored secret from the system keyring</source>
        <translation>Das gespeicherte Geheimnis aus dem Schlüsselbund des Systems entfernen</translation>
    </message>
    <message>
        <source>•••• kept for this session only</source>
        <translation>•••• nur für diese Sitzung aufbewahrt</translation>
    </message>
    <message>
        <source>•••• stored in the system keyring</source>
        <translation>•••• im Schlüsselbund des Systems gespeichert</translation>
    </message>
</context>
<context>
    <name>_SelectField</name>
    <message>
        <source>{value} (not offered)</source>
        <translation>{value} (nicht angeboten)</translation>
    </message>
</context>
</TS>
