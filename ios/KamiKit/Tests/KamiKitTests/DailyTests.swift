import Foundation
import KamiCore
import KamiKit
import Testing

/// The daily puzzle through the models.
@MainActor @Suite struct DailyTests {
    @Test func aDatesPuzzleIsTheSameEveryCall() async throws {
        let first = try await GameModel.daily(year: 2026, month: 11, day: 23)
        let again = try await GameModel.daily(year: 2026, month: 11, day: 23)
        #expect(first.snapshot.levelId == "daily/2026-11-23")
        #expect(state(first.snapshot) == state(again.snapshot))
        #expect(first.save() == again.save())
        #expect(first.status == .playing && first.par > 0)

        let nextDay = try await GameModel.daily(year: 2026, month: 11, day: 24)
        #expect(nextDay.snapshot.levelId == "daily/2026-11-24")
        await #expect(throws: KamiError.InvalidDate(year: 2026, month: 2, day: 30)) {
            try await GameModel.daily(year: 2026, month: 2, day: 30)
        }
    }

    @Test func theSessionOpensTheDayInTheCalendarsTimeZone() async throws {
        let store = emptyStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let session = Session(store: store)
        // 2026-11-23 23:30 UTC is already the 24th in Tokyo.
        let instant = Date(timeIntervalSince1970: 1_795_476_600)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        var tokyo = utc
        tokyo.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))

        let daily = try #require(try await session.openDaily(on: instant, calendar: utc))
        #expect(daily.snapshot.levelId == "daily/2026-11-23")
        #expect(try await session.openDaily(on: instant, calendar: utc) === daily)
        #expect(try await session.openDaily(on: instant, calendar: tokyo)?.snapshot.levelId == "daily/2026-11-24")
        #expect(try store.read(.game) == session.game?.save())
    }
}
